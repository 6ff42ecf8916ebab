// Viewer page UI: the tabs, one round at a time on a phone (buttons and swipe; the URL keeps the round), the lines
// between rounds, one participant's highlighted path, scaling a bracket to fit its box, and the schedule's times in
// the visitor's time zone with each station's "now playing" kept current by the clock. Without this script the page
// shows everything at once (the tab named in the URL, every round side by side, times in UTC), still complete.
// live.js sends `viewer:updated` on the document after it swaps parts: everything here is drawn again from the DOM.
(function () {
  'use strict';
  var body = document.body;
  var SVG = 'http://www.w3.org/2000/svg';
  var TABS = ['bracket', 'standings', 'schedule'];
  // The phone layout's breakpoint, as in viewer.css.
  var phone = window.matchMedia('(max-width: 40rem)');
  var fit = body.classList.contains('scale-fit');
  var highlight = body.getAttribute('data-highlight');
  // The round each bracket section shows on a phone, once the viewer moved (or the URL said): section id → round key.
  var chosen = {};
  var SWIPE_PX = 40;

  function each(list, callback) {
    Array.prototype.forEach.call(list, callback);
  }

  /** Keeps the view in the URL (a reload or a shared link opens the same), without a new history entry per move. */
  function setParam(name, value) {
    if (!window.history || typeof history.replaceState !== 'function' || typeof URL !== 'function') return;
    var url = new URL(window.location.href);
    url.searchParams.set(name, value);
    history.replaceState(history.state, '', url.toString());
  }

  // Tabs: the server renders the page with the tab of the URL shown (body class); this switches without a reload.
  function showTab(tab) {
    TABS.forEach(function (name) {
      body.classList.toggle('tab-' + name, name === tab);
    });
    each(document.querySelectorAll('.tabs a[data-tab]'), function (link) {
      if (link.getAttribute('data-tab') === tab) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
  }
  function currentTab() {
    for (var i = 0; i < TABS.length; i++) if (body.classList.contains('tab-' + TABS[i])) return TABS[i];
    return null;
  }

  function paged() {
    return phone.matches && !fit;
  }
  function roundsOf(section) {
    return section.querySelectorAll('.round');
  }
  function indexIn(section) {
    var rounds = roundsOf(section);
    var wanted = chosen[section.id] || section.getAttribute('data-current');
    for (var i = 0; i < rounds.length; i++) if (rounds[i].getAttribute('data-round') === wanted) return i;
    return 0;
  }

  /** On a phone a section shows its chosen round and the next (the rounds before are folded away); elsewhere all. */
  function layOutRounds() {
    body.classList.toggle('rounds-paged', paged());
    each(document.querySelectorAll('.bracket-section'), function (section) {
      var rounds = roundsOf(section);
      var index = indexIn(section);
      each(rounds, function (round, i) {
        round.classList.toggle('before', paged() && i < index);
      });
      var nav = section.querySelector('.round-nav');
      if (!nav || rounds.length === 0) return;
      // A stage's bracket titles its rounds one level lower (h4).
      var title = rounds[index].querySelector('h3, h4');
      nav.querySelector('.round-label').textContent = (title ? title.textContent : '') + ' · ' + (index + 1) + ' of ' + rounds.length;
      nav.querySelector('.round-prev').disabled = index === 0;
      nav.querySelector('.round-next').disabled = index === rounds.length - 1;
    });
  }

  function move(section, step) {
    var rounds = roundsOf(section);
    var index = Math.max(0, Math.min(rounds.length - 1, indexIn(section) + step));
    var key = rounds[index].getAttribute('data-round');
    chosen[section.id] = key;
    setParam('round', key);
    refresh();
    if (section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
  }

  /** A wide bracket on a wide screen opens scrolled to the round it opens on. */
  function scrollToChosen() {
    if (paged() || fit) return;
    each(document.querySelectorAll('.bracket-section'), function (section) {
      var scroller = section.querySelector('.bracket-scroll');
      var round = roundsOf(section)[indexIn(section)];
      if (!scroller || !round || scroller.scrollWidth <= scroller.clientWidth) return;
      if (round.offsetLeft + round.offsetWidth > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = Math.max(0, round.offsetLeft - 24);
    });
  }

  function markHighlight() {
    if (highlight === null) return;
    each(document.querySelectorAll('[data-p]'), function (element) {
      element.classList.toggle('highlighted', element.getAttribute('data-p') === highlight);
    });
    each(document.querySelectorAll('.match'), function (match) {
      match.classList.toggle('on-path', match.querySelector('.opponent[data-p="' + highlight + '"]') !== null);
    });
  }

  /** Where an element sits inside `ancestor` (the bracket), whatever the scroll or the scale. */
  function placeOf(element, ancestor) {
    var left = 0;
    var top = 0;
    for (var node = element; node && node !== ancestor; node = node.offsetParent) {
      left += node.offsetLeft;
      top += node.offsetTop;
    }
    return { left: left, top: top, right: left + element.offsetWidth, middle: top + element.offsetHeight / 2 };
  }

  /** A line from each match to the one its winner moves on to, drawn from where they are on the screen now. */
  function drawConnectors() {
    each(document.querySelectorAll('.bracket'), function (bracket) {
      var byNumber = {};
      var matches = bracket.querySelectorAll('.match[data-number]');
      each(matches, function (match) {
        byNumber[match.getAttribute('data-number')] = match;
      });
      var plain = '';
      var lit = '';
      each(matches, function (match) {
        var next = byNumber[match.getAttribute('data-next')];
        // offsetParent is null for a match not shown (a folded round, another tab).
        if (!next || match.offsetParent === null || next.offsetParent === null) return;
        var from = placeOf(match, bracket);
        var to = placeOf(next, bracket);
        if (to.left <= from.right) return;
        var middle = Math.round((from.right + to.left) / 2);
        var path = 'M' + from.right + ' ' + Math.round(from.middle) + 'H' + middle + 'V' + Math.round(to.middle) + 'H' + to.left;
        if (match.classList.contains('on-path') && next.classList.contains('on-path')) lit += path;
        else plain += path;
      });
      var svg = bracket.querySelector('svg.connectors');
      if (!svg) {
        svg = document.createElementNS(SVG, 'svg');
        svg.setAttribute('class', 'connectors');
        svg.setAttribute('aria-hidden', 'true');
        svg.setAttribute('focusable', 'false');
        ['line', 'line on-path'].forEach(function (name) {
          var path = document.createElementNS(SVG, 'path');
          path.setAttribute('class', name);
          svg.appendChild(path);
        });
        bracket.insertBefore(svg, bracket.firstChild);
      }
      svg.setAttribute('width', String(bracket.scrollWidth));
      svg.setAttribute('height', String(bracket.scrollHeight));
      var paths = svg.querySelectorAll('path');
      paths[0].setAttribute('d', plain);
      paths[1].setAttribute('d', lit);
    });
  }

  /** `scale=fit`: a bracket wider than its box is shrunk to the box's width instead of scrolling. */
  function scaleToFit() {
    if (!fit) return;
    each(document.querySelectorAll('.bracket-scroll'), function (scroller) {
      var bracket = scroller.querySelector('.bracket');
      if (!bracket) return;
      var ratio = Math.min(1, scroller.clientWidth / Math.max(1, bracket.scrollWidth));
      bracket.style.transformOrigin = '0 0';
      bracket.style.transform = ratio < 1 ? 'scale(' + ratio + ')' : '';
      scroller.style.height = ratio < 1 ? Math.ceil(bracket.offsetHeight * ratio) + 'px' : '';
    });
  }

  function setText(element, text) {
    if (element && element.textContent !== text) element.textContent = text;
  }

  /** Schedule times in the visitor's time zone (the server writes UTC): day and time, or the time alone. */
  function localiseTimes() {
    if (typeof Date.prototype.toLocaleString !== 'function') return;
    each(document.querySelectorAll('time[data-local]'), function (element) {
      var at = new Date(element.getAttribute('datetime'));
      if (isNaN(at.getTime())) return;
      var timeOnly = element.getAttribute('data-local') === 'time';
      var options = timeOnly ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
      setText(element, at.toLocaleString([], options));
    });
  }

  /** A station's first match is playing once its time has come with both sides known (or a series is under way); the labels follow the clock. */
  function labelStations() {
    var now = Date.now();
    each(document.querySelectorAll('.station-queue'), function (queue) {
      var slots = queue.querySelectorAll('.slot');
      if (slots.length === 0) return;
      var first = slots[0];
      var playing = first.hasAttribute('data-underway') || (!first.hasAttribute('data-waiting') && Date.parse(first.getAttribute('data-start')) <= now);
      setText(slots[0].querySelector('.slot-label'), playing ? 'Now playing' : 'Up next');
      if (slots[1]) setText(slots[1].querySelector('.slot-label'), playing ? 'Up next' : 'After that');
    });
  }

  function refresh() {
    // A live update may have swapped the tabs (the schedule tab comes with the first plan): mark the current one again.
    var shown = currentTab();
    if (shown) showTab(shown);
    localiseTimes();
    labelStations();
    markHighlight();
    layOutRounds();
    drawConnectors();
    scaleToFit();
  }
  var pending = false;
  function later() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      refresh();
    });
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || typeof target.closest !== 'function') return;
    var link = target.closest('.tabs a[data-tab]');
    if (link && event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      var tab = link.getAttribute('data-tab');
      showTab(tab);
      setParam('tab', tab);
      refresh();
      return;
    }
    var button = target.closest('.round-prev, .round-next');
    var section = button && button.closest('.bracket-section');
    if (section) move(section, button.classList.contains('round-next') ? 1 : -1);
  });

  // A swipe sideways over a bracket on a phone moves one round (the page still scrolls up and down as usual).
  var touch = null;
  document.addEventListener(
    'touchstart',
    function (event) {
      var section = event.target && typeof event.target.closest === 'function' ? event.target.closest('.bracket-section') : null;
      touch = section && paged() && event.touches.length === 1 ? { section: section, x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
    },
    { passive: true },
  );
  document.addEventListener(
    'touchend',
    function (event) {
      if (!touch || event.changedTouches.length === 0) return;
      var dx = event.changedTouches[0].clientX - touch.x;
      var dy = event.changedTouches[0].clientY - touch.y;
      var section = touch.section;
      touch = null;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) move(section, dx < 0 ? 1 : -1);
    },
    { passive: true },
  );

  document.addEventListener('viewer:updated', later);
  setInterval(labelStations, 30000);
  window.addEventListener('resize', later);
  window.addEventListener('load', later);
  if (typeof phone.addEventListener === 'function') phone.addEventListener('change', later);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(later);

  // The round the URL names (checked by the server) opens in its section; the others open on the round being played.
  var asked = body.getAttribute('data-round');
  var round = asked ? document.querySelector('.round[data-round="' + asked + '"]') : null;
  var owner = round ? round.closest('.bracket-section') : null;
  if (owner) chosen[owner.id] = asked;
  var tab = currentTab();
  if (tab) showTab(tab);
  refresh();
  scrollToChosen();
})();
