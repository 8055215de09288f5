"""Synthetic contradictions made from the entailed pairs of the training file itself (MiniCheck's idea at small scale).

Entailment data rarely changes a number or swaps two roles, which is where a small entailment model is weak. Each edit
below takes the hypothesis of an entailed pair (or, for the figure swap and the dropped condition, a sentence of its
premise) and makes a claim the premise does not support:

- number: a number of the hypothesis that the premise states is changed;
- date: a month or weekday of the hypothesis that the premise states is changed;
- name: a name of the hypothesis that the premise states is replaced by a name of another pair;
- swap-figures: two different numbers of the claim are swapped ("20 percent on weekdays and 10 percent at weekends");
- swap-roles: two different names of the hypothesis are swapped ("A was the son of B");
- negation-added / negation-removed: a negation is added after the first auxiliary, or removed;
- condition-dropped: a condition ("if ...", "unless ...", "for orders over 50 dollars") is dropped or made general.

Edits that start from a premise sentence also add that sentence unchanged as an entailed pair, so that a copied
sentence is not itself a sign of a contradiction. Every choice is drawn from one seeded random.Random: the same file
and seed give the same pairs.
"""

import random
import re

AUXILIARIES = (
    "is are was were can could will would should may might must has have had does do did"
).split()
CONTRACTIONS = {
    "isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were", "can't": "can", "cannot": "can",
    "couldn't": "could", "won't": "will", "wouldn't": "would", "shouldn't": "should", "mustn't": "must",
    "hasn't": "has", "haven't": "have", "hadn't": "had", "doesn't": "does", "don't": "do", "didn't": "did",
}
MONTHS = "January February March April May June July August September October November December".split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
NOT_NAMES = set(
    """a an the i in on at of to for from by with and or but if it its he she they we you this that these those
    there here his her their our my your when where what who which why how as is are was were be been has have had
    do does did not no yes one some many most all any each every after before during while since until also
    however although though because so then than both either neither such only many""".split()
) | {m.lower() for m in MONTHS} | {d.lower() for d in WEEKDAYS}

NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
CONDITION = re.compile(
    r",?\s+(?:only\s+)?(?:if|unless|provided that|as long as|on condition that)\s+[^,.;:]+", re.IGNORECASE
)
RESTRICTION = re.compile(
    r"\b(for|on|to|with)\s+(\w+)\s+(?:over|above|under|below|more than|less than|at least|up to|of more than)"
    r"\s+[$€£]?\d[\d,.]*(?:\s+(?:dollars|euros|pounds|percent|days|years|kg|km|miles|hours|people))?",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")

KINDS = (
    "number", "date", "name", "swap-figures", "swap-roles", "negation-added", "negation-removed",
    "condition-dropped",
)


def words_in(text):
    return set(re.findall(r"[\w']+", text.lower()))


def numbers_in(text):
    return [m.group() for m in NUMBER.finditer(text)]


def name_spans(text):
    """Runs of capitalised words that are not function words, with their character spans."""
    spans = []
    for m in re.finditer(r"(?:[A-Z][\w'\-]*)(?:\s+[A-Z][\w'\-]*)*", text):
        tokens = m.group().split()
        while tokens and tokens[0].lower() in NOT_NAMES:
            tokens = tokens[1:]
        if not tokens:
            continue
        start = m.start() + m.group().index(tokens[0])
        spans.append((start, m.end(), " ".join(tokens)))
    return spans


def changed_number(value, rng, avoid):
    """A different number of the same form: a year moves by a few years, a count by up to half."""
    for _ in range(20):
        if re.fullmatch(r"\d+", value):
            n = int(value)
            if 1000 <= n <= 2100:
                new = n + rng.choice([-1, 1]) * rng.randint(1, 12)
            elif n < 10:
                new = rng.choice([k for k in range(0, 13) if k != n])
            else:
                new = n + rng.choice([-1, 1]) * rng.randint(1, max(2, n // 2))
            new = str(max(new, 0))
        else:
            digits = [i for i, c in enumerate(value) if c.isdigit()]
            i = rng.choice(digits)
            new = value[:i] + str((int(value[i]) + rng.randint(1, 9)) % 10) + value[i + 1:]
        if new != value and new not in avoid:
            return new
    return None


def replace_at(text, start, end, new):
    return text[:start] + new + text[end:]


def edit_number(p, h, rng, pool):
    avoid = set(numbers_in(p)) | set(numbers_in(h))
    options = [m for m in NUMBER.finditer(h) if m.group() in numbers_in(p)]
    if not options:
        return None
    m = rng.choice(options)
    new = changed_number(m.group(), rng, avoid)
    return None if new is None else replace_at(h, m.start(), m.end(), new)


def edit_date(p, h, rng, pool):
    for names in (MONTHS, WEEKDAYS):
        options = [m for m in re.finditer(r"\b(" + "|".join(names) + r")\b", h) if m.group() in p]
        if options:
            m = rng.choice(options)
            new = rng.choice([n for n in names if n != m.group() and n not in p])
            return replace_at(h, m.start(), m.end(), new)
    return None


def edit_name(p, h, rng, pool):
    options = [s for s in name_spans(h) if s[2] in p]
    if not options or not pool:
        return None
    start, end, name = rng.choice(options)
    for _ in range(20):
        new = rng.choice(pool)
        if new != name and new not in p and len(new.split()) == len(name.split()):
            return replace_at(h, start, end, new)
    return None


def swap(text, a, b):
    (s1, e1), (s2, e2) = sorted([a, b])
    return text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:]


def is_year(value):
    return re.fullmatch(r"\d{4}", value) is not None and 1000 <= int(value) <= 2100


def edit_swap_figures(claim):
    """Two numbers of the same kind (two years, or two other numbers) that the claim attaches to different words.

    The text between them must hold at least two words that are not function words, so that a list ("the 40's and
    50's") is not swapped (a reordered list says the same), and neither may sit next to a month (a date's day and
    year are not figures to swap).
    """
    found = []
    for m in NUMBER.finditer(claim):
        near = claim[max(0, m.start() - 12):m.end() + 12]
        if any(month in near for month in MONTHS):
            continue
        found.append(m)
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if a.group() == b.group() or is_year(a.group()) != is_year(b.group()):
                continue
            between = [w for w in re.findall(r"[A-Za-z]+", claim[a.end():b.start()]) if w.lower() not in NOT_NAMES]
            if len(between) >= 2:
                return swap(claim, (a.start(), a.end()), (b.start(), b.end()))
    return None


LINKS = {"and", "or", "of", "von", "van", "de", "da", "del", "the", "a", "an", "to", "s"}


def edit_swap_roles(p, h, rng, pool):
    """Two different names of the hypothesis, both in the premise, joined by a predicate ("A was the son of B").

    Neither may follow an article (a title such as "The Gifted" is one name), and the words between them must hold a
    lower-case word that is not a conjunction or a particle of a name ("A and B", "Johann Wolfgang von Goethe").
    """
    spans = []
    for s in name_spans(h):
        before = h[:s[0]].split()[-1:] or [""]
        if before[0].lower() in ("the", "a", "an"):
            continue
        if s[2] in p and all(s[2] != t[2] and s[2] not in t[2] and t[2] not in s[2] for t in spans):
            spans.append(s)
    for i, a in enumerate(spans):
        for b in spans[i + 1:]:
            between = re.findall(r"[a-z]+", h[a[1]:b[0]])
            if any(w not in LINKS and len(w) >= 2 for w in between):
                return swap(h, (a[0], a[1]), (b[0], b[1]))
    return None


def edit_add_negation(p, h, rng, pool):
    m = re.search(r"\b(" + "|".join(AUXILIARIES) + r")\b(?!\s+(?:not|never|n't))", h, re.IGNORECASE)
    if not m or re.search(r"\b(not|never|no)\b|n't", h, re.IGNORECASE):
        return None
    return h[:m.end()] + " not" + h[m.end():]


def edit_remove_negation(p, h, rng, pool):
    m = re.search(r"\b(" + "|".join(re.escape(c) for c in CONTRACTIONS) + r")\b", h, re.IGNORECASE)
    if m:
        new = CONTRACTIONS[m.group().lower()]
        if m.group()[0].isupper():
            new = new.capitalize()
        return replace_at(h, m.start(), m.end(), new)
    m = re.search(r"\b(" + "|".join(AUXILIARIES) + r")\s+not\b", h, re.IGNORECASE)
    if m:
        return h[:m.start()] + m.group(1) + h[m.end():]
    m = re.search(r"\bnever\b", h)
    if m:
        return replace_at(h, m.start(), m.end(), "always")
    return None


def edit_drop_condition(claim, premise=None):
    """The claim without a condition that the premise states, or with a restriction made general.

    A concessive "even if" is not a condition: dropping it keeps what the claim says.
    """
    m = CONDITION.search(claim)
    if m and m.start() > 0 and not re.search(r"\beven\s*$", claim[:m.start()], re.IGNORECASE):
        dropped = words_in(m.group()) - set(NOT_NAMES) - {"if", "unless", "provided", "long", "condition"}
        if premise is None or dropped <= words_in(premise):
            edited = claim[:m.start()] + claim[m.end():]
            if len(edited.split()) >= 4:
                return edited
    m = RESTRICTION.search(claim)
    if m:
        return claim[:m.start()] + f"{m.group(1)} all {m.group(2)}" + claim[m.end():]
    return None


def premise_sentences(p):
    return [s.strip() for s in SENTENCE_END.split(p) if 5 <= len(s.split()) <= 40]


HYPOTHESIS_EDITS = {
    "number": edit_number,
    "date": edit_date,
    "name": edit_name,
    "swap-roles": edit_swap_roles,
    "negation-added": edit_add_negation,
    "negation-removed": edit_remove_negation,
}


def candidates(p, h, rng, pool):
    """Each kind of edit that applies to the pair: kind -> (hypothesis, copied premise sentence or None)."""
    out = {}
    for kind, edit in HYPOTHESIS_EDITS.items():
        edited = edit(p, h, rng, pool)
        if edited and edited != h:
            out[kind] = (edited, None)
    edited = edit_swap_figures(h)
    if edited and edited != h:
        out["swap-figures"] = (edited, None)
    else:
        for sentence in premise_sentences(p):
            edited = edit_swap_figures(sentence)
            if edited and edited != sentence:
                out["swap-figures"] = (edited, sentence)
                break
    edited = edit_drop_condition(h, p)
    if edited and edited != h:
        out["condition-dropped"] = (edited, None)
    else:
        for sentence in premise_sentences(p):
            edited = edit_drop_condition(sentence)
            if edited and edited != sentence:
                out["condition-dropped"] = (edited, sentence)
                break
    return out


def synthesize(rows, seed, per_kind):
    """Contradicting pairs (and the copied premise sentences they start from) made from the entailed rows.

    At most one edit per entailed pair, and at most ``per_kind`` of each kind: each pair takes the applicable kind
    made least often so far, so rare kinds (figures, conditions) are not crowded out by negations.
    """
    rng = random.Random(seed)
    lower = {w for r in rows for w in re.findall(r"\b[a-z][\w\-]*", r["h"])}
    pool = sorted({
        s[2] for r in rows for s in name_spans(r["h"])
        if "'" not in s[2] and not any(w.lower() in lower or w.lower() in NOT_NAMES for w in s[2].split())
    })
    entailed = [r for r in rows if r["y"] == 1]
    order = list(range(len(entailed)))
    rng.shuffle(order)
    made = {kind: 0 for kind in KINDS}
    out = []
    for i in order:
        r = entailed[i]
        options = candidates(r["p"], r["h"], rng, pool)
        options = {k: v for k, v in options.items() if made[k] < per_kind}
        if not options:
            continue
        least = min(made[k] for k in options)
        kind = rng.choice(sorted(k for k in options if made[k] == least))
        hypothesis, copied = options[kind]
        made[kind] += 1
        out.append({"p": r["p"], "h": hypothesis, "y": 0, "src": "edit:" + kind})
        if copied is not None:
            out.append({"p": r["p"], "h": copied, "y": 1, "src": "copy:" + kind})
    return out, made
