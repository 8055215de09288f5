package dev.llmassert.core.criteria;

import dev.llmassert.core.criteria.internal.CriteriaMessages;
import org.apiguardian.api.API;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.apiguardian.api.API.Status.STABLE;

/**
 * Common criteria written for this project, ready to use. Each is a JSON file under
 * {@code dev/llmassert/core/criteria/catalog/} in the format of {@link CriteriaLoader}; copy one to start your own.
 *
 * <p>Names are looked up ignoring case, and {@code -}, {@code _} and spaces are the same:
 * {@code get("answer-relevance")} finds {@link #ANSWER_RELEVANCE}.
 */
@API(status = STABLE, since = "0.1")
public final class CriteriaCatalog {

    private static final String DIRECTORY = "dev/llmassert/core/criteria/catalog/";

    /** Is the response concise? Evaluates {@code response}. Concise 1.0, Somewhat verbose 0.5, Verbose 0.0. */
    public static final Criteria CONCISENESS = load("conciseness");
    /** Does the response answer the question? Evaluates {@code response} with context {@code question}. */
    public static final Criteria ANSWER_RELEVANCE = load("answer_relevance");
    /** Is the retrieved context relevant to the question? Evaluates {@code context} with context {@code question}. */
    public static final Criteria CONTEXT_RELEVANCE = load("context_relevance");
    /** Is the response logically organised and consistent? Evaluates {@code response}. */
    public static final Criteria COHERENCE = load("coherence");
    /** Is the response free of harmful content? Evaluates {@code response}. */
    public static final Criteria HARMLESSNESS = load("harmlessness");
    /** Is the response polite and respectful? Evaluates {@code response}. */
    public static final Criteria POLITENESS = load("politeness");
    /** Can the response be understood on its own? Evaluates {@code response}. Yes 1.0, No 0.0. */
    public static final Criteria SELF_CONTAINEDNESS = load("self_containedness");
    /** Does the response follow its instructions? Evaluates {@code response} with context {@code instructions}. */
    public static final Criteria FAITHFULNESS_TO_INSTRUCTIONS = load("faithfulness_to_instructions");

    /**
     * Did the agent complete the request? Evaluates an agent's {@code response} with context {@code request} and
     * {@code trajectory} (its tool calls and their results). Complete 1.0, Partially complete 0.5, Not complete 0.0.
     */
    public static final Criteria TASK_COMPLETION = load("task_completion");
    /**
     * Did the agent call the right tools, in a sensible order, with the right arguments? Evaluates an agent's
     * {@code trajectory} with context {@code request} and {@code response}. Appropriate 1.0, Partly appropriate 0.5,
     * Inappropriate 0.0.
     */
    public static final Criteria TOOL_USE_APPROPRIATENESS = load("tool_use_appropriateness");

    /**
     * Does a reply keep a fact the user gave earlier in the conversation? Evaluates a turn's {@code response} with
     * context {@code conversation} (the turns before it) and {@code fact}. Remembers 1.0, Forgets 0.0.
     */
    public static final Criteria KNOWLEDGE_RETENTION = load("knowledge_retention");
    /**
     * Does a reply stay in the assistant's role? Evaluates a turn's {@code response} with context
     * {@code conversation} and {@code role}. In role 1.0, Partly in role 0.5, Out of role 0.0.
     */
    public static final Criteria ROLE_ADHERENCE = load("role_adherence");
    /**
     * Did the conversation meet the user's goal? Evaluates the whole {@code conversation} with context {@code goal}.
     * Complete 1.0, Partially complete 0.5, Not complete 0.0.
     */
    public static final Criteria CONVERSATION_COMPLETENESS = load("conversation_completeness");
    /**
     * Is a reply relevant at its point of the conversation? Evaluates a turn's {@code response} with context
     * {@code conversation}. Relevant 1.0, Partly relevant 0.5, Irrelevant 0.0.
     */
    public static final Criteria TURN_RELEVANCY = load("turn_relevancy");

    private static final Map<String, Criteria> BY_KEY = index(List.of(
            CONCISENESS,
            ANSWER_RELEVANCE,
            CONTEXT_RELEVANCE,
            COHERENCE,
            HARMLESSNESS,
            POLITENESS,
            SELF_CONTAINEDNESS,
            FAITHFULNESS_TO_INSTRUCTIONS,
            TASK_COMPLETION,
            TOOL_USE_APPROPRIATENESS,
            KNOWLEDGE_RETENTION,
            ROLE_ADHERENCE,
            CONVERSATION_COMPLETENESS,
            TURN_RELEVANCY));

    private CriteriaCatalog() {}

    /**
     * The catalog criteria with this name.
     *
     * @param name the criteria's name, e.g. {@code answer_relevance} or {@code Answer Relevance}
     * @return the criteria
     * @throws IllegalArgumentException for an unknown name; the message lists the names there are
     */
    public static Criteria get(String name) {
        Criteria criteria = name == null ? null : BY_KEY.get(key(name));
        if (criteria == null) {
            throw new IllegalArgumentException(CriteriaMessages.notInCatalog(name, names()));
        }
        return criteria;
    }

    /**
     * Whether the catalog has a criteria with this name.
     *
     * @param name a name, looked up as {@link #get(String)} looks it up; {@code null} for none
     * @return {@code true} when {@link #get(String)} would find it
     */
    public static boolean contains(String name) {
        return name != null && BY_KEY.containsKey(key(name));
    }

    /**
     * The names of all catalog criteria, in catalog order.
     *
     * @return the names, as each criteria spells its own
     */
    public static List<String> names() {
        return all().stream().map(Criteria::name).toList();
    }

    /**
     * All catalog criteria, in catalog order.
     *
     * @return the criteria, unmodifiable
     */
    public static List<Criteria> all() {
        return List.copyOf(BY_KEY.values());
    }

    private static Criteria load(String name) {
        return CriteriaLoader.fromClasspath(DIRECTORY + name + ".json");
    }

    private static Map<String, Criteria> index(List<Criteria> criteria) {
        Map<String, Criteria> map = new LinkedHashMap<>();
        criteria.forEach(c -> map.put(key(c.name()), c));
        return Collections.unmodifiableMap(map);
    }

    private static String key(String name) {
        return name.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", "_");
    }
}
