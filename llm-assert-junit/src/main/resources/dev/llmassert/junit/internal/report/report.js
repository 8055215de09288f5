
(() => {
  'use strict';

  // Every text of the report reaches the page through textContent, text nodes or attribute values set on
  // elements, never parsed as HTML, so a response holding HTML shows as that text.

  const SVG = 'http://www.w3.org/2000/svg'; // the SVG namespace's name, not an address that is loaded
  const FORMAT = 1;

  const data = JSON.parse(document.getElementById('llm-assert-report').textContent);
  const run = object(data.run);
  const prices = object(data.prices);
  const checks = Array.isArray(data.checks) ? data.checks.map(object) : [];
  const evaluations = Array.isArray(data.evaluations) ? data.evaluations.map(object) : [];
  const calibrations = Array.isArray(data.calibrations) ? data.calibrations.map(object) : [];
  const repeats = Array.isArray(data.repeats) ? data.repeats.map(object) : [];
  const mutations = data.mutations && typeof data.mutations === 'object' ? object(data.mutations) : null;
  const margin = isNum(run.nearTheBarMargin) ? run.nearTheBarMargin
    : isNum(prices.nearTheBarMargin) ? prices.nearTheBarMargin : null;
  const localOnly = run.localOnly === true;
  const runCost = object(run.cost);
  const currency = typeof runCost.currency === 'string' ? runCost.currency : '';

  // ---- helpers ----------------------------------------------------------------------------------------------

  function object(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  function isNum(value) {
    return typeof value === 'number' && Number.isFinite(value);
  }

  function isText(value) {
    return typeof value === 'string' && value.length > 0;
  }

  function h(tag, props, ...children) {
    return build(document.createElement(tag), props, children);
  }

  function s(tag, props, ...children) {
    return build(document.createElementNS(SVG, tag), props, children);
  }

  function build(node, props, children) {
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) {
        continue;
      }
      if (key === 'class') {
        node.setAttribute('class', value);
      } else if (key.startsWith('on')) {
        node.addEventListener(key.slice(2), value);
      } else {
        node.setAttribute(key, value === true ? '' : String(value));
      }
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) {
        continue;
      }
      node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  function fmtInt(value) {
    return isNum(value) ? integer.format(value) : '–';
  }

  /** A score with two decimals, or three where two would show it equal to a different bar. */
  function fmtScore(value, bar) {
    if (!isNum(value)) {
      return '–';
    }
    if (isNum(bar) && value !== bar && value.toFixed(2) === bar.toFixed(2)) {
      return value.toFixed(3);
    }
    return value.toFixed(2);
  }

  function fmtSigned(value) {
    return (value > 0 ? '+' : value < 0 ? '−' : '') + Math.abs(value).toFixed(2);
  }

  function fmtMillis(ms) {
    if (!isNum(ms)) {
      return '–';
    }
    if (ms < 1000) {
      return integer.format(ms) + ' ms';
    }
    if (ms < 60000) {
      return (ms / 1000).toFixed(1) + ' s';
    }
    const seconds = Math.round(ms / 1000);
    return Math.floor(seconds / 60) + ' min ' + (seconds % 60) + ' s';
  }

  /** An amount: two decimals from 1 up, else three significant digits (never in exponent notation). */
  function fmtAmount(value) {
    if (value === 0) {
      return '0';
    }
    if (Math.abs(value) >= 1) {
      return money.format(value);
    }
    const decimals = Math.min(20, Math.max(2, 2 - Math.floor(Math.log10(Math.abs(value)))));
    return value.toFixed(decimals).replace(/0+$/, '').replace(/\.$/, '');
  }

  function fmtMoney(value) {
    return (currency ? currency + ' ' : '') + fmtAmount(value);
  }

  function fmtInstant(text) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(text);
    return match ? match[1] + ' ' + match[2] + ' UTC' : text;
  }

  function simpleName(className) {
    return isText(className) ? className.slice(className.lastIndexOf('.') + 1) : '';
  }

  function plural(n, one, many) {
    return integer.format(n) + ' ' + (n === 1 ? one : many);
  }

  function fields(entries) {
    const list = h('dl', { class: 'fields' });
    for (const [label, value, cls] of entries) {
      if (value === undefined || value === null || value === '') {
        continue;
      }
      list.append(h('dt', null, label), h('dd', { class: cls }, value));
    }
    return list;
  }

  // ---- summary ------------------------------------------------------------------------------------------------

  function figure(field, label, value, note, tone) {
    return h('div', { class: 'figure' + (tone ? ' ' + tone : ''), 'data-field': field },
      h('dt', null, label),
      h('dd', null, h('span', { class: 'value' }, value), note ? h('span', { class: 'note' }, note) : null));
  }

  function costFigure(field, label, value, what) {
    const unpriced = Array.isArray(runCost.unpricedModels) ? runCost.unpricedModels.filter(isText) : [];
    if (!isNum(value)) {
      return figure(field, label, 'price unknown',
        unpriced.length > 0 ? 'no price for ' + unpriced.join(', ') : what);
    }
    return figure(field, label, fmtMoney(value),
      unpriced.length > 0 ? 'without ' + unpriced.join(', ') + ' (price unknown)' : what);
  }

  function summary() {
    const tokens = object(run.tokens);
    const failed = isNum(run.failed) ? run.failed : countOf('failed');
    const expected = isNum(run.failedAsExpected) ? run.failedAsExpected : countOf('expected');
    const unexpected = isNum(run.passedUnexpectedly) ? run.passedUnexpectedly : countOf('unexpected');
    const near = run.nearTheBar;
    const gates = evaluations.flatMap(ev => Array.isArray(ev.gates) ? ev.gates.map(object) : []);
    const failedGates = isNum(run.failedGates) ? run.failedGates
      : gates.filter(g => g.passed === false && g.failedAsExpected !== true).length;
    const section = h('section', { 'aria-label': 'Summary' });
    const figures = [
      figure('checks', 'Checks', fmtInt(run.checks)),
      figure('failed', 'Failed', fmtInt(failed),
        [expected > 0 ? integer.format(expected) + ' failed as the test expected' : null,
          unexpected > 0 ? integer.format(unexpected) + ' passed where the test expected a failure' : null]
          .filter(Boolean).map((note, i) => (i === 0 ? 'and ' : '') + note).join('; ') || null,
        failed > 0 || unexpected > 0 ? 'bad' : 'good'),
      figure('near-the-bar', 'Near the bar', fmtInt(near),
        margin !== null ? 'passed by at most ' + margin.toFixed(2) : null, near > 0 ? 'warn' : null),
      figure('replayed', 'Replayed', fmtInt(run.replayed), 'checks judged from recordings'),
      figure('live', 'Live', fmtInt(run.live), 'checks judged live in this run'),
      figure('evaluations', 'Evaluations', fmtInt(isNum(run.evaluations) ? run.evaluations : evaluations.length),
        gates.length > 0 || isNum(run.gates) ? plural(isNum(run.gates) ? run.gates : gates.length, 'gate', 'gates')
          + ', ' + integer.format(failedGates) + ' failed' : null, failedGates > 0 ? 'bad' : null),
      figure('calibrations', 'Calibrations', fmtInt(isNum(run.calibrations) ? run.calibrations : calibrations.length)),
    ];
    const system = object(run.systemCalls);
    if (isNum(system.count) && system.count > 0) {
      figures.push(figure('application-calls', 'Application model calls', fmtInt(system.count),
        integer.format(isNum(system.replayed) ? system.replayed : 0) + ' replayed, through the recordings'));
    }
    if (localOnly) {
      figures.push(figure('cost', 'Tokens and cost', 'none', 'local judge: no tokens, no cost'));
    } else {
      figures.push(
        figure('tokens', 'Tokens', fmtInt(tokens.input) + ' in · ' + fmtInt(tokens.output) + ' out'),
        costFigure('cost-now', 'Cost of this run', runCost.now, 'replayed calls cost nothing'),
        costFigure('cost-recorded', 'Cost when recorded', runCost.recorded, 'what the calls cost when made'));
    }
    if (run.cascade) {
      const c = object(run.cascade);
      figures.push(figure('cascade', 'Decided locally', fmtInt(c.decidedLocally),
        integer.format(c.sentOn) + ' sent on; ' + plural(c.callsNotSpent, 'call', 'calls') + ' (~'
          + integer.format(c.tokensNotSpent) + ' tokens) not spent'));
    }
    figures.push(figure('wall-time', 'Wall time', fmtMillis(run.wallMillis)),
      figure('judge-time', 'Judge time', fmtMillis(run.judgeMillis)));
    if (isText(run.nothingJudged)) {
      section.append(h('p', { class: 'nothing-judged' }, 'Nothing was judged: ' + run.nothingJudged + '.'));
    }
    section.append(h('dl', { class: 'summary' }, figures));
    if (!localOnly && isText(prices.source)) {
      section.append(h('p', { class: 'prices' },
        'Prices: ' + prices.source + (isText(prices.asOf) ? ', as of ' + prices.asOf : '') + '.'));
    }
    return section;
  }

  // ---- the chart of scores against their bar --------------------------------------------------------------

  /**
   * One meaning everywhere: failed; failed as the test expected; failed in a run of a repeated test (its pass rate
   * counts it, in its section); passed where the test expected a failure; passed near the bar; or passed.
   */
  function tone(check) {
    if (check.passed === false) {
      return check.inRepeatedRun === true ? 'run' : check.failedAsExpected === true ? 'expected' : 'failed';
    }
    return check.passedUnexpectedly === true ? 'unexpected' : check.nearTheBar === true ? 'near' : 'passed';
  }

  /** How many checks have {@code key}'s tone. */
  function countOf(key) {
    return checks.filter(c => tone(c) === key).length;
  }

  function scoreChart() {
    const scored = checks.filter(c => isNum(c.score) && isNum(c.minimum));
    const fig = h('figure', { class: 'chart', 'aria-labelledby': 'scores' });
    if (scored.length === 0) {
      fig.append(h('p', { class: 'empty' }, 'No check of this run has a score and a bar.'));
      return fig;
    }
    const bin = 0.025;
    const index = c => Math.floor(Math.round((c.score - c.minimum) * 1e9) / 1e9 / bin + 1e-9);
    const indices = scored.map(index);
    const lo = Math.min(-8, Math.min(...indices) - 1);
    const hi = Math.max(8, Math.max(...indices) + 2);
    const width = 880, left = 36, right = 20, top = 26, axis = 34;
    const step = (width - left - right) / (hi - lo);
    const stacks = new Map();
    indices.forEach(i => stacks.set(i, (stacks.get(i) || 0) + 1));
    const tallest = Math.max(...stacks.values());
    const diameter = Math.max(3, Math.min(step - 2, 14, 220 / tallest));
    const plot = Math.max(70, tallest * diameter + 6);
    const height = top + plot + axis;
    const x = v => left + (v / bin - lo) * step;
    const base = top + plot;

    const svg = s('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img',
      'aria-label': 'Each check with a score and a bar as a dot, by its score minus its bar; '
        + scored.length + ' checks, ' + scored.filter(c => c.passed === false).length + ' below their bar.' });
    if (margin !== null && margin > 0) {
      svg.append(s('rect', { x: x(-margin), y: top - 6, width: x(margin) - x(-margin), height: plot + 6,
        fill: '#fff4dc' }));
      svg.append(s('text', { x: x(margin) + 4, y: top + 4, 'font-size': 11, fill: '#9a5b00' },
        'near the bar (passed by ≤ ' + margin.toFixed(2) + ')'));
    }
    svg.append(s('line', { x1: left, x2: width - right, y1: base, y2: base, stroke: '#5b6475' }));
    const tickEvery = (hi - lo) * bin > 1 ? 0.2 : 0.1;
    for (let t = Math.ceil(lo * bin / tickEvery) * tickEvery; t <= hi * bin + 1e-9; t += tickEvery) {
      const v = Math.round(t * 100) / 100;
      svg.append(s('line', { x1: x(v), x2: x(v), y1: base, y2: base + 5, stroke: '#5b6475' }));
      svg.append(s('text', { x: x(v), y: base + 18, 'text-anchor': 'middle', 'font-size': 11, fill: '#5b6475' },
        v === 0 ? '0' : fmtSigned(v)));
    }
    svg.append(s('text', { x: width - right, y: base + 32, 'text-anchor': 'end', 'font-size': 11, fill: '#5b6475' },
      'score − bar'));
    svg.append(s('line', { x1: x(0), x2: x(0), y1: top - 12, y2: base, stroke: '#1d2433', 'stroke-width': 1.5,
      'stroke-dasharray': '4 3' }));
    svg.append(s('text', { x: x(0) - 4, y: top - 2, 'text-anchor': 'end', 'font-size': 11, fill: '#1d2433' },
      '← below the bar'));
    svg.append(s('text', { x: x(0) + 4, y: top - 2 - (margin ? 14 : 0), 'font-size': 11, fill: '#1d2433' },
      'bar'));

    const filled = new Map();
    scored.forEach((check, k) => {
      const i = indices[k];
      const level = filled.get(i) || 0;
      filled.set(i, level + 1);
      const dot = s('circle', { class: 'dot-' + tone(check), cx: left + (i - lo + 0.5) * step,
        cy: base - diameter / 2 - level * diameter - 1, r: diameter / 2 - 0.5, 'data-check': check.id });
      dot.append(s('title', null, (check.displayName || '') + ' (' + (check.kind || 'check') + '): score '
        + fmtScore(check.score, check.minimum) + ', bar ' + fmtScore(check.minimum, check.score) + ', '
        + TONES[tone(check)]));
      svg.append(dot);
    });

    const counts = { failed: 0, expected: 0, run: 0, unexpected: 0, near: 0, passed: 0 };
    scored.forEach(c => counts[tone(c)]++);
    fig.append(h('div', { class: 'legend' }, Object.keys(counts)
      .filter(key => !OPTIONAL_TONES.has(key) || counts[key] > 0)
      .map(key => h('span', { 'data-tone': key }, h('span', { class: 'swatch ' + key }),
        TONES[key] + ' (' + counts[key] + ')'))));
    fig.append(svg);
    const unscored = checks.length - scored.length;
    fig.append(h('figcaption', null, 'A dot per check, placed by its score minus its bar in steps of ' + bin
      + '. ' + (unscored > 0 ? plural(unscored, 'check has', 'checks have') + ' no score against a bar'
        + ' (such as a required option) and ' + (unscored === 1 ? 'is' : 'are') + ' in the table only.' : '')));
    return fig;
  }

  // ---- the checks -----------------------------------------------------------------------------------------

  const KNOWN = new Set(['id', 'testId', 'className', 'displayName', 'source', 'kind', 'passed', 'score', 'minimum',
    'expected', 'nearTheBar', 'judge', 'replayed', 'tokens', 'latencyMillis', 'cost', 'response', 'sentences',
    'criteria', 'option', 'explanation', 'feedback', 'failedAsExpected', 'expectsFailure', 'passedUnexpectedly',
    'inRepeatedRun', 'recordedModel', 'trajectory',
    'conversation', 'cascade']);

  const TONES = {
    failed: 'failed',
    expected: 'failed, as the test expected',
    run: 'failed in a run of a repeated test',
    unexpected: 'passed, where the test expected a failure',
    near: 'passed, near the bar',
    passed: 'passed',
  };

  /** Tones shown in the legend and the filters only when a check has them. */
  const OPTIONAL_TONES = new Set(['expected', 'run', 'unexpected']);

  const FILTERS = [
    ['all', 'All', () => true],
    ['failed', 'Failed', c => tone(c) === 'failed'],
    ['expected', 'Failed as expected', c => tone(c) === 'expected'],
    ['unexpected', 'Passed, failure expected', c => tone(c) === 'unexpected'],
    ['near', 'Near the bar', c => c.nearTheBar === true],
    ['live', 'Live', c => c.replayed === false],
    ['replayed', 'Replayed', c => c.replayed === true],
  ];

  function checkTable() {
    const section = h('section', { 'aria-labelledby': 'checks' });
    if (checks.length === 0) {
      section.append(h('p', { class: 'empty' }, 'No judged checks in this run.'));
      return section;
    }
    const rows = [];
    const state = { status: 'all', className: '' };
    const count = h('span', { class: 'count', 'aria-live': 'polite', id: 'shown-count' });

    function apply() {
      const keep = FILTERS.find(f => f[0] === state.status)[2];
      let shown = 0;
      for (const row of rows) {
        const visible = keep(row.check) && (state.className === '' || row.check.className === state.className);
        row.tr.hidden = !visible;
        row.detail.hidden = !visible || !row.expanded;
        shown += visible ? 1 : 0;
      }
      count.textContent = 'Showing ' + integer.format(shown) + ' of ' + plural(rows.length, 'check', 'checks');
    }

    const status = h('fieldset', null, h('legend', null, 'Show'));
    for (const [key, label, keep] of FILTERS) {
      if (OPTIONAL_TONES.has(key) && !checks.some(keep)) {
        continue;
      }
      const input = h('input', { type: 'radio', name: 'status', value: key, id: 'filter-' + key,
        onchange: () => { state.status = key; apply(); } });
      input.checked = key === 'all';
      status.append(h('label', { class: 'choice', for: 'filter-' + key }, input,
        h('span', null, label + ' (' + integer.format(checks.filter(keep).length) + ')')));
    }
    const classes = [...new Set(checks.map(c => c.className).filter(isText))].sort();
    const select = h('select', { id: 'filter-class', onchange: () => { state.className = select.value; apply(); } },
      h('option', { value: '' }, 'All classes (' + classes.length + ')'));
    for (const name of classes) {
      const option = h('option', null, name + ' (' + checks.filter(c => c.className === name).length + ')');
      option.value = name;
      select.append(option);
    }
    const controls = h('div', { class: 'controls', role: 'group', 'aria-label': 'Filter the checks' },
      status, h('label', null, h('span', { class: 'muted' }, 'Class '), select), count);
    section.append(controls,
      h('p', { class: 'print-only muted' }, 'All ' + plural(checks.length, 'check', 'checks')
        + ', each with its details.'));

    const tbody = h('tbody');
    checks.forEach((check, k) => {
      const row = checkRow(check, k);
      rows.push(row);
      tbody.append(row.tr, row.detail);
    });
    section.append(h('div', { class: 'table-scroll' }, h('table', { class: 'checks' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, 'Result'),
        h('th', { scope: 'col' }, 'Test'),
        h('th', { scope: 'col' }, 'Check'),
        h('th', { scope: 'col', class: 'num' }, 'Score / bar'),
        h('th', { scope: 'col' }, 'Judge'),
        h('th', { scope: 'col', class: 'num' }, h('span', { class: 'line' }, 'Tokens'), h('span', { class: 'line' }, 'in / out')),
        h('th', { scope: 'col', class: 'num' }, 'Time'),
        h('th', { scope: 'col', class: 'num' }, h('span', { class: 'line' }, 'Cost' + (currency ? ' (' + currency + ')' : '')),
          h('span', { class: 'line' }, 'now / recorded')))),
      tbody)));
    apply();
    return section;
  }

  function checkRow(check, k) {
    const detailId = 'check-' + k + '-details';
    const status = tone(check);
    const failed = status === 'failed' || status === 'unexpected';
    const row = { check, expanded: false };
    const toggle = h('button', { type: 'button', class: 'toggle', 'aria-expanded': 'false', 'aria-controls': detailId },
      h('span', { class: 'chevron', 'aria-hidden': 'true' }, '▸'),
      h('span', { class: 'name' }, isText(check.displayName) ? check.displayName : 'check ' + (k + 1)));
    toggle.addEventListener('click', () => {
      row.expanded = !row.expanded;
      toggle.setAttribute('aria-expanded', String(row.expanded));
      row.tr.classList.toggle('expanded', row.expanded);
      row.detail.hidden = !row.expanded;
    });
    const tokens = object(check.tokens);
    const cost = object(check.cost);
    const costText = cost.priceKnown === false || !(isNum(cost.now) || isNum(cost.recorded)) ? 'price unknown'
      : (isNum(cost.now) ? fmtAmount(cost.now) : '–') + ' / ' + (isNum(cost.recorded) ? fmtAmount(cost.recorded) : '–');
    const scoreText = isNum(check.minimum)
      ? fmtScore(check.score, check.minimum) + ' / ' + fmtScore(check.minimum, check.score)
      : isNum(check.score) ? fmtScore(check.score) : isText(check.option) ? check.option : '';

    row.tr = h('tr', { class: 'check' + (failed ? ' failed' : ''), 'data-passed': String(check.passed),
      'data-check': check.id },
      h('td', { class: 'result-cell' },
        status === 'unexpected' ? h('span', { class: 'badge failed wrap', title: 'The check passed inside'
          + ' assertThatThrownBy (or the like) in a test that failed: the test expected it to fail.' },
        '✓ passed, but the test expected a failure')
          : check.passed === true ? h('span', { class: 'badge passed' }, '✓ passed')
            : status === 'failed' ? h('span', { class: 'badge failed' }, '✗ failed')
              : status === 'expected' ? h('span', { class: 'badge expected',
                title: 'The check failed inside a test that passed: the test expected it to fail.' },
              '✗ failed, as the test expected')
                : status === 'run' ? h('span', { class: 'badge expected', title: 'A run of a repeated test: its'
                  + ' pass rate counts this failure, under Repeated runs.' }, '✗ failed in a repeated run')
                  : h('span', { class: 'badge' }, 'no result'),
        check.nearTheBar === true ? h('span', { class: 'badge near' }, 'near the bar') : null),
      h('td', { class: 'test' }, toggle,
        h('span', { class: 'test-class', title: check.className || null },
          isText(check.source) ? check.source : simpleName(check.className))),
      h('td', null, h('code', null, check.kind || ''), isText(check.criteria) ? h('div', { class: 'muted' }, check.criteria) : null),
      h('td', { class: 'num' }, scoreText,
        !isNum(check.minimum) && isText(check.expected) ? h('div', { class: 'muted' }, check.expected) : null),
      h('td', { class: 'judge' }, judgeCell(check)),
      h('td', { class: 'num' }, fmtInt(tokens.input) + ' / ' + fmtInt(tokens.output)),
      h('td', { class: 'num' }, fmtMillis(check.latencyMillis)),
      h('td', { class: 'num' }, costText));
    row.detail = h('tr', { class: 'detail-row', id: detailId, hidden: true },
      h('td', { colspan: 8 }, checkDetail(check)));
    return row;
  }

  /**
   * Who judged: the configured judge, or, for replies replayed from a recording that another model (or a person)
   * wrote, that writer, with the configured judge below it.
   */
  function judgeCell(check) {
    const status = check.replayed === true ? 'replayed' : check.replayed === false ? 'live' : '';
    if (isText(check.recordedModel) && check.replayed === true) {
      const byHand = /hand-written/.test(check.recordedModel);
      return [h('span', { class: 'mono writer', 'data-recorded-model': check.recordedModel }, check.recordedModel),
        h('span', { class: 'configured' }, 'configured: ', h('span', { class: 'mono' }, check.judge || '')),
        h('span', { class: 'tag' }, byHand ? 'replayed, written by hand' : 'replayed, recorded from this model')];
    }
    return [h('span', { class: 'mono' }, check.judge || ''), status ? h('span', { class: 'tag' }, status) : null];
  }

  /** What a cascade left to the local judge: sentences decided and sent on, calls and tokens not spent. */
  function cascadeText(c) {
    return integer.format(c.decidedLocally) + ' decided locally by ' + (c.localJudge || '?')
      + (isNum(c.minConfidence) ? ' (confidence at least ' + c.minConfidence.toFixed(2) + ')' : '')
      + ', ' + integer.format(c.sentOn) + ' sent on; ' + plural(c.callsNotSpent, 'call', 'calls')
      + ' (~' + integer.format(c.tokensNotSpent) + ' tokens) not spent';
  }

  function checkDetail(check) {
    const box = h('div', { class: 'detail' });
    const cost = object(check.cost);
    box.append(fields([
      ['Test', check.displayName],
      ['Class', check.className, 'mono'],
      ['Source', check.source, 'mono'],
      ['Expected', check.expected],
      ['Result', check.failedAsExpected === true ? 'failed, as the test expected: the test passed'
        : check.passedUnexpectedly === true ? 'passed inside a block that expected a failure: the test failed'
          : check.inRepeatedRun === true && check.passed === false
            ? 'failed in a run of a repeated test: its pass rate counts it, under Repeated runs' : null],
      ['Replies written by', isText(check.recordedModel) ? check.recordedModel + ' (replayed from a recording; '
        + 'configured judge ' + (check.judge || '?') + ')' : null],
      ['Cascade', check.cascade ? cascadeText(object(check.cascade)) : null],
      ['Test id', check.testId, 'mono'],
      ['Cost', cost.priceKnown === false ? 'price unknown for ' + (check.judge || 'this judge')
        : [isNum(cost.now) ? 'now ' + fmtMoney(cost.now) : null,
          isNum(cost.recorded) ? 'when recorded ' + fmtMoney(cost.recorded) : null].filter(Boolean).join(', ')],
    ]));
    if (isText(check.criteria) || isText(check.option) || isText(check.explanation) || isText(check.feedback)) {
      box.append(h('h4', null, 'Judgement'), fields([
        ['Criteria', check.criteria],
        ['Option', check.option],
        ['Explanation', check.explanation],
        ['Feedback', check.feedback],
      ]));
    }
    if (Array.isArray(check.sentences) && check.sentences.length > 0) {
      box.append(h('h4', null, 'Sentences'), sentenceTable(check));
    }
    if (typeof check.response === 'string') {
      box.append(h('h4', null, 'Response'), h('pre', { class: 'response' }, check.response));
    }
    if (check.trajectory && typeof check.trajectory === 'object') {
      box.append(h('h4', null, 'Trajectory'), trajectoryTable(object(check.trajectory)));
    }
    if (check.conversation && typeof check.conversation === 'object') {
      box.append(h('h4', null, 'Conversation'), conversationTable(check, object(check.conversation)));
    }
    const other = Object.keys(check).filter(key => !KNOWN.has(key) && check[key] !== null && check[key] !== undefined);
    if (other.length > 0) {
      box.append(h('h4', null, 'More'), fields(other.map(key => [key,
        typeof check[key] === 'string' ? check[key] : JSON.stringify(check[key], null, 1), 'mono'])));
    }
    return box;
  }

  function trajectoryTable(trajectory) {
    const tbody = h('tbody');
    const calls = Array.isArray(trajectory.calls) ? trajectory.calls.map(object) : [];
    calls.forEach((call, i) => tbody.append(h('tr', { class: call.failed === true ? 'below' : null },
      h('td', { class: 'num' }, String(i + 1)),
      h('td', { class: 'mono' }, call.name || ''),
      h('td', { class: 'mono' }, call.arguments || ''),
      h('td', null, call.result || '', call.failed === true
        ? h('div', null, h('span', { class: 'badge failed' }, 'tool failed')) : null))));
    if (calls.length === 0) {
      tbody.append(h('tr', null, h('td', { colspan: '4' }, 'No tool called.')));
    }
    return h('div', null,
      isText(trajectory.request) ? fields([['Request', trajectory.request]]) : null,
      h('table', { class: 'sentences trajectory' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Tool'),
          h('th', { scope: 'col' }, 'Arguments'), h('th', { scope: 'col' }, 'Result'))),
        tbody));
  }

  /**
   * A conversation as a transcript: each turn's user message and reply (with its tool calls and how many sources it
   * was given), and the verdict of each turn the check judged; the check's own result is the verdict of the whole.
   */
  function conversationTable(check, conversation) {
    const tbody = h('tbody');
    const turns = Array.isArray(conversation.turns) ? conversation.turns.map(object) : [];
    for (const turn of turns) {
      const calls = Array.isArray(turn.toolCalls) ? turn.toolCalls.map(object) : [];
      const verdict = turn.passed === true ? h('span', { class: 'badge passed' }, '✓ ' + (turn.verdict || 'passed'))
        : turn.passed === false ? h('span', { class: 'badge failed' }, '✗ ' + (turn.verdict || 'failed'))
          : isText(turn.verdict) ? h('span', { class: 'muted' }, turn.verdict) : h('span', { class: 'muted' }, '–');
      tbody.append(h('tr', { class: turn.passed === false ? 'below' : null, 'data-turn': turn.turn },
        h('td', { class: 'num' }, String(turn.turn)),
        h('td', null, turn.user || ''),
        h('td', null, turn.assistant || '',
          calls.length > 0 ? h('ul', { class: 'calls' }, ...calls.map(call => h('li', { class: 'mono' },
            (call.name || '') + ' ' + (call.arguments || '') + ' → ' + (call.result || '')))) : null,
          isNum(turn.sources) ? h('div', { class: 'muted' }, plural(turn.sources, 'source', 'sources') + ' given') : null),
        h('td', { class: 'num' }, isNum(turn.score) ? fmtScore(turn.score, check.minimum) : ''),
        h('td', null, verdict, isText(turn.reason) ? h('div', { class: 'reason' }, turn.reason) : null)));
    }
    if (turns.length === 0) {
      tbody.append(h('tr', null, h('td', { colspan: '5' }, 'No turn.')));
    }
    const whole = check.passed === true ? 'passed' : check.failedAsExpected === true ? 'failed, as the test expected'
      : check.passed === false ? 'failed' : 'no result';
    return h('div', null,
      fields([
        ['System message', conversation.system],
        ['Ended', isText(conversation.ending) ? conversation.ending.replace(/-/g, ' ') + ' after '
          + plural(turns.length, 'turn', 'turns') : null],
        ['The whole', whole + (isText(check.option) ? ': ' + check.option : '')],
      ]),
      h('table', { class: 'sentences conversation' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Turn'), h('th', { scope: 'col' }, 'User'),
          h('th', { scope: 'col' }, 'Assistant'), h('th', { scope: 'col' }, 'Score'),
          h('th', { scope: 'col' }, 'Verdict'))),
        tbody));
  }

  function sentenceTable(check) {
    const every = check.kind === 'groundedness.every-sentence' && isNum(check.minimum);
    const cascade = check.cascade ? object(check.cascade) : null;
    const tbody = h('tbody');
    for (const item of check.sentences.map(object)) {
      const below = every && isNum(item.score) && item.score < check.minimum;
      tbody.append(h('tr', { class: below ? 'below' : null },
        h('td', null, item.sentence || ''),
        h('td', { class: 'num' }, fmtScore(item.score, every ? check.minimum : undefined),
          below ? h('div', null, h('span', { class: 'badge failed' }, 'below the bar')) : null),
        h('td', null, item.evidence || '', item.reason ? h('div', { class: 'reason' }, 'why: ' + item.reason) : null,
          isText(item.unsure) ? h('div', { class: 'reason unsure' }, item.unsure) : null,
          isText(item.decidedBy) && cascade && item.decidedBy !== cascade.localJudge
            ? h('div', { class: 'reason' }, 'decided by ' + item.decidedBy) : null)));
    }
    return h('table', { class: 'sentences' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Sentence'), h('th', { scope: 'col' }, 'Score'),
        h('th', { scope: 'col' }, 'Evidence'))),
      tbody);
  }

  // ---- evaluations --------------------------------------------------------------------------------------------

  function evaluation(ev, k) {
    const headingId = 'evaluation-' + k;
    const box = h('section', { class: 'evaluation', 'aria-labelledby': headingId },
      h('h3', { id: headingId }, isText(ev.test) ? ev.test : ev.displayName || 'Evaluation ' + (k + 1)));
    box.append(fields([
      ['Test method', [simpleName(ev.className), ev.displayName].filter(isText).join(' · ')],
      ['System under test', ev.systemUnderTest],
      ['Items', isNum(ev.items) ? fmtInt(ev.items) : null],
      ['Errors', isNum(ev.errors) ? fmtInt(ev.errors) : null],
      ['Model calls', ev.recordings, 'mono'],
      ['Judges', modelUse(object(ev.judgeCalls), 'judgement', 'judgements')],
      ['System', modelUse(object(ev.systemCalls), 'model call', 'model calls')],
      ['Record', ev.record, 'mono'],
    ]));
    const gates = Array.isArray(ev.gates) ? ev.gates.map(object) : [];
    if (gates.length > 0) {
      box.append(h('h4', null, 'Gates'), gateTable(gates));
    }
    const measurements = object(ev.measurements);
    const names = Object.keys(measurements);
    if (names.length === 0) {
      box.append(h('p', { class: 'empty' }, 'No measurements.'));
      return box;
    }
    const tbody = h('tbody');
    for (const name of names) {
      const m = object(measurements[name]);
      tbody.append(h('tr', null,
        h('td', null, h('code', null, name)),
        h('td', { class: 'num' }, fmtInt(m.n)),
        h('td', { class: 'num' }, isNum(m.mean) ? m.mean.toFixed(3) : '–'),
        h('td', { class: 'num' }, isNum(m.lower) && isNum(m.upper)
          ? '[' + m.lower.toFixed(3) + ', ' + m.upper.toFixed(3) + ']' : '–'),
        h('td', null, m.method || '')));
    }
    box.append(h('table', { class: 'measurements' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Measurement'), h('th', { scope: 'col', class: 'num' }, 'n'),
        h('th', { scope: 'col', class: 'num' }, 'Mean'), h('th', { scope: 'col', class: 'num' }, 'Interval'),
        h('th', { scope: 'col' }, 'Method'))),
      tbody));
    const groups = Array.isArray(ev.groups) ? ev.groups.map(object) : [];
    for (const name of names) {
      box.append(groupChart(name, object(measurements[name]), groups, ev));
    }
    return box;
  }

  /** What an evaluation's judges or system called: count, replayed, tokens and cost, or that no model was called. */
  function modelUse(use, one, many) {
    if (!isNum(use.count) || use.count === 0) {
      return 'no model called';
    }
    const tokens = object(use.tokens);
    const cost = object(use.cost);
    const parts = [plural(use.count, one, many) + (isNum(use.replayed) ? ' (' + integer.format(use.replayed)
      + ' replayed)' : ''), fmtInt(tokens.input) + ' in · ' + fmtInt(tokens.output) + ' out tokens'];
    if (cost.priceKnown === false) {
      parts.push('price unknown');
    } else if (isNum(cost.now)) {
      parts.push(fmtMoney(cost.now) + ' now' + (isNum(cost.recorded) && cost.recorded > cost.now
        ? ', ' + fmtMoney(cost.recorded) + ' when recorded' : ''));
    }
    const models = Array.isArray(use.models) ? use.models.filter(isText) : [];
    const writers = Array.isArray(use.recordedModels) ? use.recordedModels.filter(isText) : [];
    if (models.length > 0) {
      parts.push(models.join(', ') + (writers.length > 0 ? ', replies written by ' + writers.join(', ') : ''));
    }
    return parts.join(' · ');
  }

  /** Every gate of an evaluation: what it asked, the figure, its interval, and the verdict. */
  function gateTable(gates) {
    const tbody = h('tbody');
    for (const gate of gates) {
      const expected = gate.passed === false && gate.failedAsExpected === true;
      const verdict = gate.passed === true ? h('span', { class: 'badge passed' }, '✓ passed')
        : expected ? h('span', { class: 'badge expected' }, '✗ failed, as the test expected')
          : h('span', { class: 'badge failed' }, '✗ failed');
      tbody.append(h('tr', { class: 'gate' + (gate.passed === false && !expected ? ' failed' : ''),
        'data-passed': String(gate.passed) },
      h('td', null, verdict),
      h('td', null, isText(gate.measurement) ? h('code', null, gate.measurement) : 'error rate',
        isText(gate.group) ? h('div', { class: 'muted' }, gate.group) : null),
      h('td', null, gate.asked || '', isText(gate.detail) ? h('div', { class: 'muted detail-text' }, gate.detail)
        : null),
      h('td', { class: 'num' }, isNum(gate.figure) ? gate.figure.toFixed(3) : '–'),
      h('td', { class: 'num' }, isNum(gate.lower) && isNum(gate.upper)
        ? '[' + gate.lower.toFixed(3) + ', ' + gate.upper.toFixed(3) + ']' : '–',
      isText(gate.method) || isNum(gate.n) ? h('div', { class: 'muted' }, [gate.method, isNum(gate.n)
        ? 'n ' + integer.format(gate.n) : null].filter(Boolean).join(', ')) : null)));
    }
    return h('div', { class: 'table-scroll' }, h('table', { class: 'gates' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Verdict'), h('th', { scope: 'col' }, 'Measurement'),
        h('th', { scope: 'col' }, 'Asked'), h('th', { scope: 'col', class: 'num' }, 'Figure'),
        h('th', { scope: 'col', class: 'num' }, 'Interval'))),
      tbody));
  }

  function groupChart(name, overall, groups, ev) {
    const rows = isNum(overall.mean)
      ? [{ label: 'all items', items: isNum(ev.items) ? ev.items : overall.n, m: overall, all: true }] : [];
    for (const group of groups) {
      const m = object(object(group.measurements)[name]);
      if (isNum(m.mean)) {
        rows.push({ label: String(group.label), items: isNum(group.items) ? group.items : m.n, m });
      }
    }
    if (rows.length === 0) {
      return null;
    }
    const values = rows.flatMap(r => [r.m.mean, r.m.lower, r.m.upper]).filter(isNum);
    let lo = Math.min(0, ...values), hi = Math.max(1, ...values);
    if (lo < 0 || hi > 1) {
      const pad = (hi - lo) * 0.05 || 1;
      lo -= pad;
      hi += pad;
    }
    const width = 880, labelWidth = 250, valueWidth = 170, rowHeight = 24, top = 10, axis = 28;
    const plotLeft = labelWidth, plotRight = width - valueWidth;
    const height = top + rows.length * rowHeight + axis;
    const x = v => plotLeft + (v - lo) / (hi - lo) * (plotRight - plotLeft);
    const svg = s('svg', { viewBox: '0 0 ' + width + ' ' + height });
    svg.append(s('title', null, name + ': the mean of every item and of each group, with its interval'));
    rows.forEach((r, i) => {
      if (i % 2 === 1) {
        svg.append(s('rect', { x: 0, y: top + i * rowHeight, width, height: rowHeight, fill: '#f7f8fa' }));
      }
    });
    for (let i = 0; i <= 4; i++) {
      const v = lo + (hi - lo) * i / 4;
      svg.append(s('line', { x1: x(v), x2: x(v), y1: top - 4, y2: top + rows.length * rowHeight, stroke: '#e4e8ef' }));
      svg.append(s('text', { x: x(v), y: height - 8, 'text-anchor': 'middle', 'font-size': 11, fill: '#5b6475' },
        Number(v.toFixed(2)).toString()));
    }
    rows.forEach((r, i) => {
      const y = top + i * rowHeight + rowHeight / 2;
      const text = r.label + (isNum(r.items) ? ' (' + r.items + ')' : '');
      const label = s('text', { x: labelWidth - 12, y: y + 4, 'text-anchor': 'end', 'font-size': 12,
        'font-weight': r.all ? 700 : 400, fill: '#1d2433' }, text.length > 38 ? text.slice(0, 37) + '…' : text);
      if (text.length > 38) {
        label.append(s('title', null, text));
      }
      svg.append(label);
      const colour = r.all ? '#1d2433' : '#2d5bd7';
      if (isNum(r.m.lower) && isNum(r.m.upper)) {
        svg.append(s('line', { x1: x(r.m.lower), x2: x(r.m.upper), y1: y, y2: y, stroke: colour, 'stroke-width': 2 }));
        for (const v of [r.m.lower, r.m.upper]) {
          svg.append(s('line', { x1: x(v), x2: x(v), y1: y - 5, y2: y + 5, stroke: colour, 'stroke-width': 2 }));
        }
      }
      svg.append(s('circle', { cx: x(r.m.mean), cy: y, r: r.all ? 5 : 4, fill: colour }));
      svg.append(s('text', { x: plotRight + 12, y: y + 4, 'font-size': 12, fill: '#1d2433' },
        r.m.mean.toFixed(2) + (isNum(r.m.lower) && isNum(r.m.upper)
          ? '  [' + r.m.lower.toFixed(2) + ', ' + r.m.upper.toFixed(2) + ']' : '')));
    });
    const method = overall.method ? ' (' + overall.method + ')' : '';
    return h('figure', { class: 'chart' }, svg,
      h('figcaption', null, h('code', null, name), ': mean and interval' + method
        + ' over every item and for each group; the group\'s item count in brackets.'));
  }

  // ---- calibrations -------------------------------------------------------------------------------------------

  function interval(e) {
    const est = object(e);
    const iv = object(est.interval);
    return isNum(est.value)
      ? est.value.toFixed(3) + (isNum(iv.lower) && isNum(iv.upper)
        ? ' [' + iv.lower.toFixed(3) + ', ' + iv.upper.toFixed(3) + ']' : '') : '–';
  }

  function calibration(c, k) {
    const headingId = 'calibration-' + k;
    const fitted = object(c.fittedBar);
    const agreement = object(c.agreement);
    const current = object(c.atCurrentBar);
    const box = h('section', { class: 'calibration', 'aria-labelledby': headingId },
      h('h3', { id: headingId }, (isText(c.calibration) ? c.calibration : 'Calibration ' + (k + 1))
        + (isText(c.judge) ? ' · ' + c.judge : '')));
    if (isText(c.warning)) {
      box.append(h('p', { class: 'warning calibration-warning', role: 'note' },
        c.warning.charAt(0).toUpperCase() + c.warning.slice(1) + '.'));
    }
    box.append(fields([
      ['Test method', [simpleName(c.className), c.displayName].filter(isText).join(' · ')],
      ['Judge', c.judge + (isText(c.method) ? ' by ' + c.method : '') + (isText(c.criteria) ? ' on ' + c.criteria : ''), 'mono'],
      ['Rows', isNum(c.items) ? fmtInt(c.items) + (c.errors > 0 ? ' (' + fmtInt(c.errors) + ' not judged)' : '') : null],
      ['Fitted bar', isNum(fitted.bar) ? fitted.bar.toFixed(3) + ' (' + fitted.folds + '-fold cross-validation)' : null],
      ['Why this bar', isText(fitted.reason) ? fitted.reason : null],
      ['Bar in use', isNum(c.currentBar) ? c.currentBar.toFixed(3) : null],
      ['Judge calls', c.recordings, 'mono'],
      ['Record', c.record, 'mono'],
    ]));
    const level = isNum(c.confidence) ? Math.round(c.confidence * 100) + '%' : '';
    const rows = [['Balanced accuracy', agreement.balancedAccuracy, current.balancedAccuracy]];
    const currentRecalls = Array.isArray(current.labels) ? current.labels.map(object) : [];
    for (const l of (Array.isArray(agreement.labels) ? agreement.labels.map(object) : [])) {
      const at = currentRecalls.find(r => r.label === l.label);
      rows.push(['Recall of “' + l.label + '” (' + fmtInt(l.n) + ' rows)', l.recall, at ? at.recall : null]);
    }
    rows.push(['Cohen’s kappa', agreement.kappa, current.kappa]);
    if (c.auc) {
      rows.push(['AUC of the score', c.auc, null]);
    }
    const hasCurrent = isNum(c.currentBar) && Object.keys(current).length > 0;
    const tbody = h('tbody');
    for (const [name, e, at] of rows) {
      tbody.append(h('tr', null, h('td', null, name), h('td', { class: 'num' }, interval(e)),
        hasCurrent ? h('td', { class: 'num' }, at ? interval(at) : '–') : null,
        h('td', null, object(object(e).interval).method || '')));
    }
    const headline = agreement.basis === 'held-out' ? 'Held out at the fitted bar' : 'Agreement';
    box.append(h('table', { class: 'measurements calibration-figures' },
      h('caption', null, 'Agreement with the labels, ' + level + ' intervals'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Figure'), h('th', { scope: 'col', class: 'num' }, headline),
        hasCurrent ? h('th', { scope: 'col', class: 'num' }, 'At the bar in use ' + c.currentBar.toFixed(2)) : null,
        h('th', { scope: 'col' }, 'Method'))),
      tbody));
    box.append(confusionTable(object(agreement.confusion)));
    box.append(curveChart(c, fitted));
    box.append(misjudgedTable(c));
    return box;
  }

  function confusionTable(confusion) {
    const labels = Array.isArray(confusion.labels) ? confusion.labels : [];
    const counts = Array.isArray(confusion.counts) ? confusion.counts : [];
    if (labels.length === 0) {
      return null;
    }
    return h('table', { class: 'measurements confusion' },
      h('caption', null, 'Confusion: the person’s label (rows) against the judge’s (columns)'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Person / judge'),
        labels.map(l => h('th', { scope: 'col', class: 'num' }, String(l))))),
      h('tbody', null, labels.map((l, i) => h('tr', null, h('th', { scope: 'row' }, String(l)),
        labels.map((_, j) => h('td', { class: 'num' + (i === j ? ' agree' : '') },
          fmtInt(Array.isArray(counts[i]) && isNum(counts[i][j]) ? counts[i][j] : 0)))))));
  }

  function curveChart(c, fitted) {
    const curve = Array.isArray(c.curve) ? c.curve.map(object).filter(p => isNum(p.bar) && isNum(p.balancedAccuracy)) : [];
    if (curve.length === 0) {
      return null;
    }
    const width = 880, height = 260, left = 50, right = 20, top = 12, bottom = 36;
    const x = v => left + v * (width - left - right);
    const y = v => top + (1 - v) * (height - top - bottom);
    const svg = s('svg', { viewBox: '0 0 ' + width + ' ' + height, class: 'curve' });
    svg.append(s('title', null, 'Balanced accuracy at each bar, over every row (in-sample)'));
    for (let i = 0; i <= 4; i++) {
      const v = i / 4;
      svg.append(s('line', { x1: left, x2: width - right, y1: y(v), y2: y(v), stroke: '#e4e8ef' }));
      svg.append(s('text', { x: left - 8, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#5b6475' }, v.toFixed(2)));
      svg.append(s('text', { x: x(v), y: height - 12, 'text-anchor': 'middle', 'font-size': 11, fill: '#5b6475' }, v.toFixed(2)));
    }
    const line = (key, colour, dash) => s('polyline', { fill: 'none', stroke: colour, 'stroke-width': 2,
      'stroke-dasharray': dash, points: curve.filter(p => isNum(p[key])).map(p => x(p.bar) + ',' + y(p[key])).join(' ') });
    svg.append(line('recallYes', '#9aa5b8', '4 3'), line('recallNo', '#c9a44b', '4 3'), line('balancedAccuracy', '#2d5bd7'));
    const marks = [];
    if (isNum(fitted.bar)) {
      marks.push([fitted.bar, 'fitted ' + fitted.bar.toFixed(2), '#1d2433']);
    }
    if (isNum(c.currentBar)) {
      marks.push([c.currentBar, 'in use ' + c.currentBar.toFixed(2), '#b3261e']);
    }
    marks.forEach(([bar, label, colour], i) => {
      svg.append(s('line', { x1: x(bar), x2: x(bar), y1: top, y2: height - bottom, stroke: colour, 'stroke-width': 1.5 }));
      // right of its line, or left of it where the label would run past the chart's edge (the chart is drawn before
      // it is on the page, so the width is estimated: at most 0.65 of the font size per character)
      const fits = x(bar) + 4 + label.length * 11 * 0.65 <= width;
      svg.append(s('text', { x: fits ? x(bar) + 4 : x(bar) - 4, y: top + 12 + i * 14, 'font-size': 11, fill: colour,
        'text-anchor': fits ? 'start' : 'end', class: 'bar-mark' }, label));
    });
    return h('figure', { class: 'chart' }, svg,
      h('figcaption', null, 'Balanced accuracy (solid) and each label’s recall (dashed) against the bar, over every '
        + 'row: in-sample, to show the shape; the fitted bar is chosen and measured by cross-validation.'));
  }

  function misjudgedTable(c) {
    const rows = Array.isArray(c.misjudged) ? c.misjudged.map(object) : [];
    const total = isNum(c.misjudgedTotal) ? c.misjudgedTotal : rows.length;
    if (rows.length === 0) {
      return h('p', { class: 'empty' }, 'No row is misjudged.');
    }
    const tbody = h('tbody');
    for (const r of rows) {
      const sentences = Array.isArray(r.sentences) ? r.sentences.map(object) : [];
      const evidence = sentences.length > 0
        ? h('ul', { class: 'evidence' }, sentences.map(x => h('li', null,
          (isNum(x.score) ? x.score.toFixed(2) + ' ' : '') + (x.sentence || '') + ' — ' + (x.evidence || ''))))
        : (r.explanation || '');
      tbody.append(h('tr', { class: 'misjudged' }, h('td', null, h('code', null, r.id || '')),
        h('td', null, r.label || ''), h('td', null, r.judged || ''),
        h('td', { class: 'num' }, isNum(r.score) ? r.score.toFixed(3) : '–'),
        h('td', null, h('div', { class: 'response' }, r.response || ''), evidence)));
    }
    return h('table', { class: 'measurements misjudged-rows' },
      h('caption', null, 'Misjudged rows, worst first' + (total > rows.length ? ' (' + rows.length + ' of ' + total + ')' : '')),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Row'), h('th', { scope: 'col' }, 'Person'),
        h('th', { scope: 'col' }, 'Judge'), h('th', { scope: 'col', class: 'num' }, 'Score'),
        h('th', { scope: 'col' }, 'Response and the judge’s evidence'))),
      tbody);
  }

  // ---- repeated runs ------------------------------------------------------------------------------------------

  function repeat(r, k) {
    const headingId = 'repeat-' + k;
    const counted = (isNum(r.passed) ? r.passed : 0) + (isNum(r.failed) ? r.failed : 0);
    const box = h('section', { class: 'repeat', 'aria-labelledby': headingId, 'data-passed': String(r.passedGate) },
      h('h3', { id: headingId }, [simpleName(r.className), r.displayName].filter(isText).join(' · ')));
    const level = isNum(r.level) ? Math.round(r.level * 100) + '%' : '';
    box.append(h('p', null, r.passedGate === true ? h('span', { class: 'badge passed' }, '✓ pass rate reached')
      : h('span', { class: 'badge failed' }, '✗ pass rate too low')));
    box.append(fields([
      ['Runs', fmtInt(r.passed) + ' of ' + plural(counted, 'run', 'runs') + ' passed'
        + (r.skipped > 0 ? ' (' + fmtInt(r.skipped) + ' skipped, not counted)' : '')],
      ['Pass rate', isNum(r.rate) ? r.rate.toFixed(2) + (isNum(r.lower) && isNum(r.upper)
        ? ' [' + r.lower.toFixed(2) + ', ' + r.upper.toFixed(2) + '] (' + (r.method || '') + ' ' + level + ')' : '') : null],
      ['Gate', isNum(r.minPassRate) ? 'at least ' + r.minPassRate.toFixed(2) + ' on '
        + (r.gate === 'lower-bound' ? 'the interval’s lower bound' : 'the rate') : null],
    ]));
    const runs = Array.isArray(r.runs) ? r.runs.map(object) : [];
    box.append(h('ol', { class: 'runs', 'aria-label': 'Each run’s verdict' }, runs.map(run =>
      h('li', { class: 'run ' + (run.outcome || ''), 'data-outcome': run.outcome || '', title: run.message || null },
        (run.outcome === 'passed' ? '✓ ' : run.outcome === 'failed' ? '✗ ' : '– ') + fmtInt(run.index)))));
    const failed = runs.filter(run => run.outcome !== 'passed' && isText(run.message));
    if (failed.length > 0) {
      box.append(h('table', { class: 'measurements run-failures' },
        h('thead', null, h('tr', null, h('th', { scope: 'col', class: 'num' }, 'Run'), h('th', { scope: 'col' }, 'Failure'))),
        h('tbody', null, failed.map(run => h('tr', null, h('td', { class: 'num' }, fmtInt(run.index)),
          h('td', null, run.message))))));
    }
    return box;
  }

  // ---- mutation check -----------------------------------------------------------------------------------------

  function share(value) {
    return isNum(value) ? value.toFixed(2) : '–';
  }

  function mutationSection(m) {
    const section = h('section', { class: 'mutations', 'aria-label': 'Mutation check' });
    const withVerdict = (m.killed || 0) + (m.survived || 0);
    section.append(h('dl', { class: 'summary' }, [
      figure('mutation-score', 'Mutation score', share(m.score),
        isNum(m.score) ? integer.format(m.killed) + ' killed of ' + integer.format(withVerdict) + ' with a verdict'
          : 'no mutant has a verdict', isNum(m.score) && m.survived > 0 ? 'warn' : 'good'),
      figure('mutants', 'Mutants', fmtInt(m.mutants), fmtInt(m.answers) + ' answers, ' + fmtInt(m.toolResults)
        + ' tool results'),
      figure('killed', 'Killed', fmtInt(m.killed), 'an assertion failed'),
      figure('survived', 'Survived', fmtInt(m.survived), 'every test passed', m.survived > 0 ? 'bad' : null),
      figure('needs-judge', 'Need a judge', fmtInt(m.needsJudge), 'no recorded judge reply for the change'),
      figure('needs-application', 'Need the application’s model', fmtInt(m.needsApplication || 0),
        'no recorded answer for a request without the change'),
      figure('not-replayable', 'Not replayable', fmtInt(m.notReplayable || 0),
        'a later request holds the change and has no recording'),
      figure('errored', 'Errored', fmtInt(m.errored), 'ended any other way, with its cause',
        m.errored > 0 ? 'warn' : null),
    ]));
    const ratio = isNum(m.wallMillis) && m.wallMillis > 0 && isNum(m.runsMillis) ? m.runsMillis / m.wallMillis : null;
    section.append(h('p', { class: 'muted' }, 'Seed ' + m.seed + ', operators '
      + (Array.isArray(m.operators) ? m.operators.join(', ') : '') + ', at most ' + m.maxPerAnswer
      + ' per answer, mutants replayed; ' + fmtInt(m.testsRead) + ' of ' + fmtInt(m.testsRun)
      + ' tests read an answer; ' + fmtInt(m.threads) + ' at once: ' + fmtMillis(m.wallMillis) + ' for '
      + fmtMillis(m.runsMillis) + ' of mutant runs' + (ratio !== null ? ' (' + ratio.toFixed(2) + '×)' : '') + '.'));
    const leftOut = Array.isArray(m.leftOut) ? m.leftOut.map(object) : [];
    if (leftOut.length > 0) {
      section.append(h('div', { class: 'left-out', 'data-count': String(leftOut.length) },
        h('p', { class: 'warning' }, plural(leftOut.length, 'test fails', 'tests fail')
          + ' without mutants, so the check left ' + (leftOut.length === 1 ? 'it' : 'them') + ' out:'),
        h('ul', null, leftOut.map(t => h('li', null, simpleName(t.className) + '.' + t.displayName + ': '
          + (t.reason || ''))))));
    }
    section.append(h('h3', null, 'Per test class'), scoreTable('class', 'Test class', m.byClass));
    section.append(h('h3', null, 'Per operator'), scoreTable('operator', 'Operator', m.byOperator));
    const judges = Array.isArray(m.byJudge) ? m.byJudge.map(object) : [];
    if (judges.length > 0) {
      section.append(h('h3', null, 'Per judge'), h('p', { class: 'muted' }, 'Of the mutants a judge’s checks judged, '
        + 'those whose verdict it changed from the run without mutants.'),
      h('div', { class: 'table-scroll' }, h('table', { class: 'measurements mutation-judges' },
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Judge'), h('th', { scope: 'col', class: 'num' }, 'Judged'),
          h('th', { scope: 'col', class: 'num' }, 'Caught'), h('th', { scope: 'col', class: 'num' }, 'Share'),
          h('th', { scope: 'col' }, 'Per operator (caught of judged)'))),
        h('tbody', null, judges.map(j => h('tr', { 'data-judge': j.judge },
          h('td', { class: 'mono' }, j.judge), h('td', { class: 'num' }, fmtInt(j.judged)),
          h('td', { class: 'num' }, fmtInt(j.caught)), h('td', { class: 'num' }, share(j.score)),
          h('td', null, (Array.isArray(j.byOperator) ? j.byOperator.map(object) : [])
            .map(o => o.judge + ' ' + o.caught + '/' + o.judged).join(', '))))))));
    }
    const results = Array.isArray(m.results) ? m.results.map(object) : [];
    const survived = results.filter(r => r.status === 'survived');
    section.append(h('h3', { id: 'survived' }, 'Surviving mutants (' + survived.length + ')'));
    section.append(survived.length > 0 ? h('div', { class: 'mutants' }, survived.map(mutant))
      : h('p', { class: 'empty' }, 'No mutant survived.'));
    for (const [status, title] of [['not-replayable', 'Not replayable'], ['errored', 'Errored'],
      ['needs-judge', 'Needing a judge'], ['needs-application', 'Needing the application’s model'],
      ['killed', 'Killed']]) {
      const some = results.filter(r => r.status === status);
      if (some.length > 0) {
        section.append(h('details', { class: 'mutant-group', 'data-status': status },
          h('summary', null, title + ' (' + some.length + ')'), h('div', { class: 'mutants' }, some.map(mutant))));
      }
    }
    return section;
  }

  function scoreTable(kind, label, scores) {
    const rows = Array.isArray(scores) ? scores.map(object) : [];
    return h('div', { class: 'table-scroll' }, h('table', { class: 'measurements mutation-scores', 'data-kind': kind },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, label),
        ...['Mutants', 'Killed', 'Survived', 'Need a judge', 'Need the app’s model', 'Not replayable', 'Errored',
          'Score'].map(t => h('th', { scope: 'col', class: 'num' }, t)))),
      h('tbody', null, rows.map(s => h('tr', { 'data-name': s.name }, h('td', null, s.name),
        ...[s.mutants, s.killed, s.survived, s.needsJudge, s.needsApplication || 0, s.notReplayable || 0, s.errored]
          .map(n => h('td', { class: 'num' }, fmtInt(n))),
        h('td', { class: 'num' }, share(s.score)))))));
  }

  function mutant(r) {
    const diff = object(r.diff);
    const target = object(r.target);
    const tests = Array.isArray(r.tests) ? r.tests.map(object) : [];
    const box = h('article', { class: 'mutant ' + (r.status || ''), 'data-id': r.id, 'data-status': r.status },
      h('h4', null, h('code', null, r.id), ' ', h('span', { class: 'tag' }, r.operator),
        r.possiblyEquivalent ? h('span', { class: 'tag' }, 'possibly equivalent') : null, ' ', r.change || ''),
      h('p', { class: 'muted' }, target.kind === 'tool-result' ? 'Result of the tool ' + target.tool
        : 'Answer ' + (target.position + 1) + ' of the request ' + String(target.key || '').slice(0, 12) + '… in ' + target.file),
      h('pre', { class: 'diff' },
        h('span', { class: 'del-line' }, '- ', diff.before || '', h('del', null, diff.removed || ''), diff.after || ''),
        '\n',
        h('span', { class: 'ins-line' }, '+ ', diff.before || '', h('ins', null, diff.added || ''), diff.after || '')));
    box.append(h('ul', { class: 'mutant-tests' }, tests.map(t => h('li', { 'data-outcome': t.outcome },
      simpleName(t.className) + '.' + t.displayName + ': ' + t.outcome + (isText(t.detail) ? ': ' + t.detail : ''),
      isNum(t.followedCalls) && t.followedCalls > 0 ? h('div', { class: 'muted followed' }, 'after the change: '
        + plural(t.followedCalls, 'later call', 'later calls') + ' replayed as recorded') : null,
      Array.isArray(t.passedChecks) && t.passedChecks.length > 0
        ? h('ul', { class: 'passed-checks' }, t.passedChecks.map(c => h('li', null, 'still passed: ' + c))) : null))));
    return box;
  }

  // ---- page ---------------------------------------------------------------------------------------------------

  const main = document.getElementById('report');
  const failedCount = countOf('failed');

  if (isText(data.generatedAt)) {
    document.getElementById('generated').textContent = 'Generated ' + fmtInstant(data.generatedAt);
  }
  if (failedCount > 0) {
    document.title = 'llm-assert run report: ' + failedCount + ' of ' + plural(checks.length, 'check', 'checks') + ' failed';
  } else if (checks.length > 0 && countOf('unexpected') === 0) {
    document.title = 'llm-assert run report: ' + (checks.length === 1 ? 'the check' : 'all ' + plural(checks.length, 'check', 'checks')) + ' passed';
  }

  if (data.format !== FORMAT) {
    main.append(h('p', { class: 'warning', role: 'status' },
      'This page reads report format ' + FORMAT + ', and this report is format ' + String(data.format)
      + ': figures it does not know are left out.'));
  }

  main.append(summary());
  main.append(h('h2', { id: 'scores' }, 'Scores against their bar'), scoreChart());
  main.append(h('h2', { id: 'checks' }, 'Checks'), checkTable());
  if (evaluations.length > 0) {
    main.append(h('h2', { id: 'evaluations' }, 'Evaluations'), ...evaluations.map(evaluation));
  }
  if (calibrations.length > 0) {
    main.append(h('h2', { id: 'calibrations' }, 'Calibrations'), ...calibrations.map(calibration));
  }
  if (repeats.length > 0) {
    main.append(h('h2', { id: 'repeats' }, 'Repeated runs'), ...repeats.map(repeat));
  }
  if (mutations !== null) {
    main.append(h('h2', { id: 'mutations' }, 'Mutation check'), mutationSection(mutations));
  }
})();
