// The follow view (follow.py): the teacher's cells as server-sent events from `events`.
// Code and text go on the page as text (textContent); an HTML output was sanitised by the
// service (nh3) before it was kept, and the page's Content-Security-Policy runs no script but this one.
'use strict';

const words = JSON.parse(document.getElementById('words').textContent);
const lesson = document.getElementById('lesson');
const server = lesson.dataset.server;          // her own server ('' for the teacher)
const shown = { current: null, version: 0 };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function clock(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour12: false });
}

// The clipboard API needs a secure page (https or localhost); over plain http on the
// classroom network, the old way: select a hidden text area and copy.
async function copyText(text, button) {
  try {
    if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
    else {
      const area = el('textarea', { class: 'offscreen', 'aria-hidden': 'true' });
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    button.textContent = words.copied;
    setTimeout(() => { button.textContent = words.copy; }, 1500);
  } catch (e) { /* nothing copied: the code is on the page to select by hand */ }
}

function section(notebook) {
  const name = notebook || words.other;
  for (const s of lesson.querySelectorAll('section')) if (s.dataset.notebook === name) return s;
  const s = el('section', { 'data-notebook': name }, el('h2', {}, name.replace(/\.ipynb$/, '')));
  lesson.append(s);
  return s;
}

function output(out) {
  if (out.type === 'image') return el('img', { src: out.src, alt: out.alt || '' });
  if (out.type === 'html') {
    const div = el('div', { class: 'html' });
    div.innerHTML = out.html;            // sanitised by the service (nh3)
    return div;
  }
  return el('pre', { class: out.type === 'error' ? 'error' : 'text' }, out.text);
}

function render(cell) {
  let node = lesson.querySelector(`article[data-id="${CSS.escape(cell.id)}"]`);
  const copy = el('button', { type: 'button', class: 'copy' }, words.copy);
  copy.addEventListener('click', () => copyText(cell.code, copy));
  const actions = el('div', { class: 'actions' }, copy);
  if (server) {
    actions.append(el('a', { class: 'into', target: '_blank', rel: 'noopener',
      href: `${server}pokerlib-follow/copy?cell=${encodeURIComponent(cell.id)}` }, words.into));
  }
  const fresh = el('article', { class: 'cell', 'data-id': cell.id },
    el('div', { class: 'head' }, el('span', { class: 'count' },
      cell.running ? `[*] ${words.running}` : `[${cell.count ?? ' '}]`), actions),
    el('pre', { class: 'code' }, el('code', {}, cell.code)),
    el('div', { class: 'outputs' }, ...cell.outputs.map(output)));
  if (cell.id === shown.current) { fresh.classList.add('current'); fresh.setAttribute('aria-current', 'step'); }
  if (node) node.replaceWith(fresh); else section(cell.notebook).append(fresh);
}

function mark(settings) {
  for (const a of lesson.querySelectorAll('article.current')) {
    a.classList.remove('current'); a.removeAttribute('aria-current');
  }
  const now = settings.current && lesson.querySelector(`article[data-id="${CSS.escape(settings.current)}"]`);
  if (now) { now.classList.add('current'); now.setAttribute('aria-current', 'step'); }
  shown.current = settings.current;
  keepUp();
  const status = document.getElementById('connection');
  status.className = settings.paused ? 'note paused' : 'note';
  status.textContent = [settings.paused ? words.paused : words.live.replace('{time}', clock(settings.now)),
    words.following.replace('{notebook}', settings.following || words.all)].join(' ');
  if (!lesson.querySelector('article') && !lesson.querySelector('p.waiting')) {
    lesson.append(el('p', { class: 'note waiting' }, words.waiting));
  }
}

// The page keeps the teacher's cell in view, unless the student has scrolled back herself
// (wheel, touch or keys: the page's own scrolling does not count); back at the bottom, it follows again.
let following = true;
function scrolled() {
  following = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 200;
}
for (const kind of ['wheel', 'touchmove', 'keydown']) {
  window.addEventListener(kind, () => setTimeout(scrolled, 150), { passive: true });
}
function keepUp() {
  const now = shown.current && lesson.querySelector(`article[data-id="${CSS.escape(shown.current)}"]`);
  if (now && following) now.scrollIntoView({ block: 'end' });
}

const xsrf = document.querySelector('meta[name="xsrf"]').content;
const events = new EventSource('events?_xsrf=' + encodeURIComponent(xsrf));
events.addEventListener('cell', e => {
  const waiting = lesson.querySelector('p.waiting');
  if (waiting) waiting.remove();
  render(JSON.parse(e.data));
  keepUp();
});
events.addEventListener('settings', e => mark(JSON.parse(e.data)));
events.addEventListener('error', () => {
  const status = document.getElementById('connection');
  status.className = 'note lost';
  status.textContent = words.lost;
});
