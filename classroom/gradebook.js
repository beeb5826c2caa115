// The teacher's live board (gradebook.py): the state comes as server-sent events from
// `events`; everything a student sent is put on the page as text (textContent), never as HTML.
'use strict';

const shown = { state: null, selected: null };   // selected: [student, exercise]

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);   // strings become text nodes
  return node;
}

function clock(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour12: false });
}

function render(state) {
  shown.state = state;
  const { students, exercises, cells, passed, marks, words, official, text } = state;
  const grades = state.grades || {};
  // The grader's mark beside her own check: ⚑ where one passed and the other did not.
  const disagrees = (name, exercise, c) => {
    const grade = (grades[name] || {})[exercise];
    return Boolean(grade && c.status && grade !== 'unknown' && (grade === 'pass') !== (c.status === 'pass'));
  };
  const grid = document.getElementById('grid');
  if (!exercises.length) {
    grid.replaceChildren(el('p', { class: 'note' }, text.none));
  } else {
    const lessons = [];
    for (const e of exercises) {
      const last = lessons[lessons.length - 1];
      if (last && last.name === e.notebook) last.span += 1; else lessons.push({ name: e.notebook, span: 1 });
    }
    const top = el('tr', {}, el('th', { rowspan: 2, scope: 'col' }, text.student),
      el('th', { rowspan: 2, scope: 'col' }, text.live),
      el('th', { rowspan: 2, scope: 'col' }, text.official),
      ...lessons.map(l => el('th', { class: 'lesson', colspan: l.span, scope: 'colgroup' }, l.name || text.other)));
    const names = el('tr', {}, ...exercises.map(e => el('th', { class: 'exercise', scope: 'col' }, e.name)));
    const rows = students.map(name => {
      const mine = cells[name] || {};
      const livePassed = exercises.filter(e => (mine[e.name] || {}).status === 'pass').length;
      const [oPassed, oTotal] = official[name] || [null, null];
      const tds = exercises.map(e => {
        const c = mine[e.name];
        if (!c) return el('td', { class: 'empty' }, '–');
        const pressed = shown.selected && shown.selected[0] === name && shown.selected[1] === e.name;
        const flag = disagrees(name, e.name, c);
        const said = [c.status ? `${words[c.status]}, ${(c.attempts > 1 ? text.attempts : text.attempt).replace('{n}', c.attempts)}` : '',
          c.unrun ? `⊘ ${text.unrun}` : '', flag ? `⚑ ${text.disagree}` : ''].filter(Boolean).join(', ');
        const button = el('button', {
          type: 'button', 'aria-pressed': String(!!pressed),
          'aria-label': `${name}, ${e.name}${text.colon}${said}`,
          'data-student': name, 'data-exercise': e.name, 'data-status': c.status || 'unrun',
        }, c.status ? marks[c.status] : '', el('span', { class: 'attempts' }, String(c.attempts)),
        c.unrun ? el('span', { class: 'unrun' }, '⊘') : '', flag ? el('span', { class: 'flag' }, '⚑') : '');
        button.addEventListener('click', () => { shown.selected = [name, e.name]; render(shown.state); });
        return el('td', { class: `cell mark-${c.status || 'unrun'}` }, button);
      });
      return el('tr', { class: 'live-student' }, el('th', { scope: 'row' }, name),
        el('td', {}, `${livePassed}/${exercises.length}`),
        el('td', {}, oTotal === null ? '–' : `${oPassed}/${oTotal}`), ...tds);
    });
    const foot = el('tr', {}, el('th', { scope: 'row', colspan: 3 }, text.passed_it),
      ...exercises.map(e => el('td', { 'data-exercise': e.name }, `${passed[e.name]}/${students.length}`)));
    grid.replaceChildren(el('table', { id: 'live-grid' }, el('thead', {}, top, names),
      el('tbody', {}, ...rows), el('tfoot', {}, foot)));
  }
  const detail = document.getElementById('detail');
  const sel = shown.selected && (cells[shown.selected[0]] || {})[shown.selected[1]];
  if (sel) {
    const [who, what] = shown.selected;
    const grade = (grades[who] || {})[what];
    const parts = [el('div', {}, el('b', {}, who), ' · ', el('code', {}, what))];
    if (sel.status) {
      parts.push(el('div', { class: 'own' }, `${text.own}${text.colon}${marks[sel.status]} ${words[sel.status]} · ${text.attempt.replace('{n}', sel.attempts)} · ${clock(sel.received)}`),
        el('pre', {}, sel.reason));
    }
    if (sel.unrun) {
      parts.push(el('div', { class: 'own' }, `⊘ ${text.unrun} · ${clock(sel.unrun.received)}`), el('pre', {}, sel.unrun.reason));
    }
    parts.push(el('div', { class: 'grader' }, `${text.grader}${text.colon}${grade ? `${marks[grade] || ''} ${words[grade] || grade}` : text.ungraded}`
      + (disagrees(who, what, sel) ? ` · ⚑ ${text.disagree}` : '')));
    detail.replaceChildren(...parts);
  } else {
    detail.replaceChildren();
  }
  const wrong = document.getElementById('wrong');
  const failing = exercises.filter(e => state.wrong[e.name] && (state.wrong[e.name].failing || state.wrong[e.name].unrun));
  wrong.replaceChildren(...(failing.length ? failing.map(e => {
    const w = state.wrong[e.name];
    return el('li', { 'data-exercise': e.name }, el('code', {}, e.name), text.colon,
      text.wrong.replace('{passed}', w.passed).replace('{failing}', w.failing).replace('{unstarted}', w.unstarted),
      w.unrun ? ` · ⊘ ${text.unrun_n.replace('{n}', w.unrun)}` : '',
      el('ul', {}, ...w.hints.map(([hint, n]) => el('li', { class: 'hint' },
        (n > 1 ? text.hint_n.replace('{n}', n) : text.hint_1).replace('{hint}', hint)))));
  }) : [el('li', { class: 'note' }, text.right)]));
  const stuck = document.getElementById('stuck');
  stuck.replaceChildren(...(state.stuck.length
    ? state.stuck.map(s => el('li', { 'data-student': s.student }, el('b', {}, s.student), text.colon, s.why))
    : [el('li', { class: 'note' }, text.nobody)]));
  const status = document.getElementById('connection');
  status.className = 'note';
  status.textContent = text.updated.replace('{time}', clock(state.now));
}

// The hub's services want the xsrf token on a script's requests (an EventSource sends no header).
const xsrf = document.querySelector('meta[name="xsrf"]').content;
const events = new EventSource('events?_xsrf=' + encodeURIComponent(xsrf));
events.addEventListener('state', e => render(JSON.parse(e.data)));
events.addEventListener('error', () => {
  const status = document.getElementById('connection');
  status.className = 'note lost';
  status.textContent = shown.state ? shown.state.text.lost
    : 'Live updates lost: reconnecting… (reload the page if this stays)';
});
