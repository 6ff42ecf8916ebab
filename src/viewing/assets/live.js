// Live updates for a viewer page: follows the tournament's public, read-only event stream and swaps the parts that
// changed (the server sends them rendered). Without this script the page is complete; it only stops updating.
// The stream is read with fetch, not EventSource: EventSource gives up for good on a 503 (every rolling upgrade
// behind a proxy answers some) and cannot see a 429's Retry-After. Any failure is retried with backoff and jitter,
// resuming from the last state the page shows; the line above the page says when it is stale.
(function () {
  'use strict';
  var body = document.body;
  // An embed tells the page framing it how tall it is, whenever that changes, so the frame can fit it without a
  // scroll bar of its own (docs/viewing.md has the snippet for the framing page). The height is all it says.
  if (body.classList.contains('embed') && window.parent !== window) {
    var postedHeight = -1;
    var postHeight = function () {
      var height = Math.ceil(body.getBoundingClientRect().height);
      if (height === postedHeight) return;
      postedHeight = height;
      window.parent.postMessage({ type: 'tournament-viewer:height', height: height }, '*');
    };
    if (typeof ResizeObserver === 'function') new ResizeObserver(postHeight).observe(body);
    window.addEventListener('load', postHeight);
    postHeight();
  }
  var url = body.getAttribute('data-live');
  if (!url || typeof fetch !== 'function' || typeof AbortController !== 'function' || typeof TextDecoder !== 'function') return;
  var note = document.getElementById('v-live');
  var FIRST_DELAY_MS = 1000;
  var MAX_DELAY_MS = 30000;
  // The server sends a comment every 15 s: a stream silent for longer than this is dead without having said so.
  var SILENCE_MS = 45000;
  var failures = 0;
  var updatedAt = null;
  var controller = null;
  var retryTimer = null;
  var waiting = false;
  var silenceTimer = null;
  var stopped = false;

  function two(number) {
    return (number < 10 ? '0' : '') + number;
  }
  function clock(date) {
    return two(date.getHours()) + ':' + two(date.getMinutes()) + ':' + two(date.getSeconds());
  }
  function say(text, state) {
    if (!note) return;
    note.textContent = text;
    note.setAttribute('data-state', state);
    note.hidden = false;
  }
  function current() {
    updatedAt = new Date();
    say('Live · updated ' + clock(updatedAt), 'live');
  }

  function elementOf(html) {
    var template = document.createElement('template');
    template.innerHTML = html;
    return template.content.firstElementChild;
  }

  // A patch names a match or a row this page does not have (it missed an update): ask for the whole state again.
  function resync() {
    body.setAttribute('data-state', '');
    retry(0);
  }

  // Rows that changed places: all taken out, then each put back before its new successor (the server sends them
  // last first, so that successor is in place). Only the rows that moved travel, not the table.
  function moveRows(moves) {
    for (var i = 0; i < moves.length; i += 1) {
      var old = document.getElementById(moves[i].id);
      if (!old || !document.getElementById(moves[i].parent)) return false;
      old.remove();
    }
    for (var j = 0; j < moves.length; j += 1) {
      var move = moves[j];
      var anchor = move.before === null ? null : document.getElementById(move.before);
      var row = elementOf(move.html);
      if ((move.before !== null && !anchor) || !row) return false;
      document.getElementById(move.parent).insertBefore(row, anchor);
    }
    return true;
  }

  // A row's rank is where its run of ties (data-tie: tied with the row above) starts: patches leave ranks to this.
  function renumberRanks() {
    var rows = document.getElementById('v-standings-rows');
    if (!rows) return;
    var rank = 0;
    for (var row = rows.firstElementChild, place = 1; row; row = row.nextElementSibling, place += 1) {
      if (!row.hasAttribute('data-tie')) rank = place;
      var cell = row.querySelector('td.rank');
      if (cell && cell.textContent !== String(rank)) cell.textContent = String(rank);
    }
  }

  function apply(message) {
    // Waiting to reconnect for the whole state: what is still in this stream's buffer builds on what was missed.
    if (waiting) return;
    var complete = true;
    var moves = message.parts.filter(function (part) {
      return part.parent;
    });
    message.parts.forEach(function (part) {
      if (part.parent) return;
      var existing = document.getElementById(part.id);
      // A whole part (v-status, v-sections…) the page does not show is left out; a match or a row it should have is not.
      if (!existing) {
        if (/^v-[ms]-/.test(part.id)) complete = false;
        return;
      }
      var next = elementOf(part.html);
      if (!next) return;
      // A part the page already shows as it is (a page read before its state was numbered gets every part): keep it.
      if (next.isEqualNode(existing)) return;
      // Keep the reader's sideways scroll position in a bracket that is replaced.
      var scrolled = existing.querySelector('.bracket-scroll');
      var left = scrolled ? scrolled.scrollLeft : 0;
      existing.replaceWith(next);
      var scroller = next.querySelector('.bracket-scroll');
      if (scroller) scroller.scrollLeft = left;
    });
    if (moves.length > 0 && !moveRows(moves)) complete = false;
    if (!complete) return resync();
    renumberRanks();
    body.setAttribute('data-state', message.state);
    // viewer-ui.js draws its lines and marks again over the new parts.
    document.dispatchEvent(new Event('viewer:updated'));
  }

  /** One message of the stream (the lines between two blank lines). */
  function dispatch(block) {
    var event = 'message';
    var data = [];
    block.split('\n').forEach(function (line) {
      if (line === '' || line.charAt(0) === ':') return;
      var colon = line.indexOf(':');
      var field = colon < 0 ? line : line.slice(0, colon);
      var value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    });
    if (event === 'update') {
      apply(JSON.parse(data.join('\n')));
      current();
    } else if (event === 'gone') {
      stop('This link no longer works: the organiser stopped sharing it or replaced it.');
    }
  }

  function stop(text) {
    stopped = true;
    clearTimeout(silenceTimer);
    if (controller) controller.abort();
    say(text, 'stopped');
  }

  function watchSilence() {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(function () {
      if (controller) controller.abort();
    }, SILENCE_MS);
  }

  /** Full jitter over an exponential backoff, never sooner than the server's Retry-After. */
  function retry(retryAfterSeconds) {
    if (stopped || waiting) return;
    waiting = true;
    clearTimeout(silenceTimer);
    if (controller) controller.abort();
    var ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * Math.pow(2, failures));
    failures += 1;
    var delay = ceiling / 2 + Math.random() * (ceiling / 2);
    if (retryAfterSeconds > 0) delay = Math.max(delay, retryAfterSeconds * 1000);
    say('Reconnecting…' + (updatedAt ? ' (updated ' + clock(updatedAt) + ')' : ''), 'reconnecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  }

  function connect() {
    if (stopped) return;
    clearTimeout(retryTimer);
    waiting = false;
    var mine = (controller = new AbortController());
    var state = body.getAttribute('data-state') || '';
    var buffer = '';
    var decoder = new TextDecoder();
    watchSilence();
    // The state the page shows is the stream's event id: the server sends what changed since then.
    fetch(url + '?since=' + encodeURIComponent(state), {
      headers: { accept: 'text/event-stream', 'last-event-id': state },
      cache: 'no-store',
      signal: mine.signal,
    })
      .then(function (response) {
        // A link that leads nowhere stays so; anything else (503 during an upgrade, 429, a proxy's 502) passes.
        if (response.status === 404 || response.status === 410) {
          stop('This link no longer works: the organiser stopped sharing it or replaced it.');
          return;
        }
        if (!response.ok || !response.body) {
          retry(Number(response.headers.get('retry-after')) || 0);
          return;
        }
        failures = 0;
        current();
        var reader = response.body.getReader();
        function read() {
          return reader.read().then(function (chunk) {
            if (mine !== controller) return undefined;
            if (chunk.done) return retry(0);
            watchSilence();
            buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
            var boundary;
            while ((boundary = buffer.indexOf('\n\n')) >= 0) {
              var block = buffer.slice(0, boundary);
              buffer = buffer.slice(boundary + 2);
              dispatch(block);
              if (stopped) return undefined;
            }
            return read();
          });
        }
        return read();
      })
      .catch(function () {
        // An older connection's end (aborted on purpose) is no news.
        if (mine === controller) retry(0);
      });
  }

  // A phone that loses its network often keeps the dead stream open without an error: say so at once, not after
  // the silence runs out. Back online: try at once instead of waiting out the backoff.
  window.addEventListener('offline', function () {
    retry(0);
  });
  window.addEventListener('online', function () {
    if (waiting) connect();
  });
  connect();
})();
