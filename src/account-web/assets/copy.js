'use strict';
// The account pages' only script: copies the new API token to the clipboard.
(function () {
  var button = document.getElementById('copy-token');
  var field = document.getElementById('new-token');
  var status = document.getElementById('copy-status');
  if (!button || !field || !status) return;
  button.addEventListener('click', function () {
    field.select();
    var copied = navigator.clipboard ? navigator.clipboard.writeText(field.value) : Promise.reject(new Error('no clipboard'));
    copied.then(
      function () {
        status.textContent = 'Copied to the clipboard.';
      },
      function () {
        status.textContent = 'The token is selected: press Ctrl+C (or Command+C) to copy it.';
      },
    );
  });
})();
