// Sets the theme before the first paint (docs/decisions/033): the choice saved by the toggle, else the system's.
// A file of its own, not inline: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  function readChoice() {
    try {
      return window.localStorage.getItem('threadcart-theme');
    } catch {
      return null;
    }
  }
  var choice = readChoice();
  var isDark =
    choice === 'dark' ||
    (choice !== 'light' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', isDark ? 'dark' : 'light');
})();
