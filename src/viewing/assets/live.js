// Live updates for a viewer page: follows the tournament's public, read-only event stream and swaps the parts that
// changed (the server sends them rendered). Without this script the page is complete; it only stops updating.
(function () {
  'use strict';
  var body = document.body;
  var url = body.getAttribute('data-live');
  if (!url || typeof EventSource === 'undefined') return;
  var state = body.getAttribute('data-state');
  var source = new EventSource(url + '?since=' + encodeURIComponent(state));
  source.addEventListener('update', function (event) {
    var message = JSON.parse(event.data);
    message.parts.forEach(function (part) {
      var current = document.getElementById(part.id);
      if (!current) return;
      var template = document.createElement('template');
      template.innerHTML = part.html;
      var next = template.content.firstElementChild;
      if (!next) return;
      // A part the page already shows as it is (a page read before its state was numbered gets every part): keep it.
      if (next.isEqualNode(current)) return;
      // Keep the reader's sideways scroll position in a bracket that is replaced.
      var scrolled = current.querySelector('.bracket-scroll');
      var left = scrolled ? scrolled.scrollLeft : 0;
      current.replaceWith(next);
      var scroller = next.querySelector('.bracket-scroll');
      if (scroller) scroller.scrollLeft = left;
    });
    body.setAttribute('data-state', message.state);
  });
  source.addEventListener('gone', function () {
    source.close();
  });
})();
