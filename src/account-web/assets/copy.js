'use strict';
// The account pages' only script: each button with data-copy="<field id>" copies that field (the new API token, a
// share link, an embed snippet) and says so in the status line right after it.
(function () {
  var buttons = document.querySelectorAll('button[data-copy]');
  Array.prototype.forEach.call(buttons, function (button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    var status = button.nextElementSibling;
    if (!field || !status) return;
    button.addEventListener('click', function () {
      field.select();
      var copied = navigator.clipboard ? navigator.clipboard.writeText(field.value) : Promise.reject(new Error('no clipboard'));
      copied.then(
        function () {
          status.textContent = 'Copied to the clipboard.';
        },
        function () {
          status.textContent = 'Selected: press Ctrl+C (or Command+C) to copy it.';
        },
      );
    });
  });
})();
