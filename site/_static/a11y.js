// Names and landmarks that the theme and myst-nb leave out, for screen readers
// (axe-core, scripts/check_a11y.py, checks every page in light and dark mode):
// - a folded cell's toggle is announced by what it says ("Show solution"),
//   not as "Toggle hidden content"; so is the search button ("Search Ctrl+K");
// (the labels added here are English on the Chinese pages too: issue 31 translates them)
// - the two navigation lines of a notebook are told apart;
// - the left sidebar, with the site's title in it, is a landmark of its own.
document.addEventListener('DOMContentLoaded', () => {
  for (const el of document.querySelectorAll(
      'summary[aria-label="Toggle hidden content"], .search-button-field[aria-label]'))
    el.removeAttribute('aria-label');
  const navs = document.querySelectorAll('nav.course-nav');
  navs.forEach((nav, i) => nav.setAttribute('aria-label',
    'Previous, contents, next' + (i === navs.length - 1 && i > 0 ? ' (end of page)' : '')));
  const sidebar = document.getElementById('pst-primary-sidebar');
  if (sidebar && !sidebar.getAttribute('role')) {
    sidebar.setAttribute('role', 'navigation');
    sidebar.setAttribute('aria-label', 'Course');
  }
});
