// Figures open at full size with a click: each image of a page is a link to
// itself (Sphinx already links an image drawn smaller than its file), with a
// line under it that says so. A phone shows a wide figure small; its file is
// drawn at twice screen resolution. The words are the page's language's, from the footer
// (site/_templates/extra-footer.html: tools/build_site.py's SITE_TEXT, through the site's catalog).
document.addEventListener('DOMContentLoaded', () => {
  const words = (document.getElementById('course-enlarge-words') || {}).dataset || {};
  for (const img of document.querySelectorAll('article img')) {
    let link = img.closest('a');
    if (link && !link.classList.contains('image-reference')) continue;   // links elsewhere
    if (!link) {
      link = document.createElement('a');
      link.href = img.currentSrc || img.src;
      img.replaceWith(link);
      link.appendChild(img);
    }
    link.classList.add('course-enlarge');
    link.title = words.title || 'Open the figure at full size';
    const hint = document.createElement('p');
    hint.className = 'course-enlarge-hint';
    hint.textContent = words.hint || 'Click the figure to open it at full size.';
    link.after(hint);
  }
});
