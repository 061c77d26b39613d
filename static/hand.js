/* Game and hand forms: show only the fields in use, −/+ steppers, Enter to the next field, and a live score.
 *
 *   data-when="control:a|b;other:c"  shown only while each control holds one of the values
 *   data-preview-url                  the hand page's preview route: it reads the form itself with the
 *                                     save's own Python code and answers the score, already written,
 *                                     and each problem with the name of the field it belongs beside
 * This file knows nothing of how fields become the API's JSON and never computes a score.
 */
(function () {
  "use strict";

  var MINUS = "\u2212";

  // --- which fields are in use --------------------------------------------------------

  function controlValue(form, name) {
    var el = form.elements.namedItem(name);
    if (!el) return "";
    if (typeof RadioNodeList !== "undefined" && el instanceof RadioNodeList) return el.value || "";
    if (el.type === "radio") return el.checked ? el.value : "";
    return el.value || "";
  }

  function matches(form, text) {
    return text.split(";").filter(Boolean).every(function (part) {
      var at = part.indexOf(":");
      return part.slice(at + 1).split("|").indexOf(controlValue(form, part.slice(0, at))) !== -1;
    });
  }

  function showWhatIsUsed(form) {
    form.querySelectorAll("[data-when]").forEach(function (el) { el.hidden = !matches(form, el.dataset.when); });
  }

  function visible(el) { return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length); }

  // --- −/+ steppers -------------------------------------------------------------------

  function stepButton(input, text, delta, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "step";
    button.textContent = text;
    button.setAttribute("aria-label", (delta < 0 ? "One fewer: " : "One more: ") + label);
    button.addEventListener("click", function () {
      var min = input.min !== "" ? Number(input.min) : 0;
      var max = input.max !== "" ? Number(input.max) : Infinity;
      var value = parseInt(input.value || "0", 10);
      if (isNaN(value)) value = 0;
      input.value = String(Math.min(max, Math.max(min, value + delta)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return button;
  }

  function labelOf(input) {
    // innerText is the text shown (one name of several); it is empty inside a closed <details>.
    var label = input.labels && input.labels[0];
    if (!label) return input.name;
    return label.innerText.trim() || label.textContent.replace(/\s+/g, " ").trim();
  }

  // A label that changes with a control (the partners' names) renames its buttons too.
  function renameSteppers(form) {
    form.querySelectorAll(".stepper").forEach(function (wrap) {
      var input = wrap.querySelector("input"), label = labelOf(input), buttons = wrap.querySelectorAll(".step");
      buttons[0].setAttribute("aria-label", "One fewer: " + label);
      buttons[1].setAttribute("aria-label", "One more: " + label);
    });
  }

  function addSteppers(form) {
    form.querySelectorAll("input[data-stepper]").forEach(function (input) {
      var label = labelOf(input);
      var wrap = document.createElement("div");
      wrap.className = "stepper";
      input.parentNode.insertBefore(wrap, input);
      wrap.appendChild(stepButton(input, MINUS, -1, label));
      wrap.appendChild(input);
      wrap.appendChild(stepButton(input, "+", 1, label));
    });
  }

  // --- Enter moves on; it never sends the form mid-entry --------------------------------

  function typedFields(form) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return (el.tagName === "SELECT" || (el.tagName === "INPUT" && /^(number|text|tel|search)$/.test(el.type))) &&
        !el.disabled && visible(el);
    });
  }

  function enterMovesOn(form, checkNow) {
    form.addEventListener("keydown", function (event) {
      var el = event.target;
      if (event.key !== "Enter" || el.tagName === "BUTTON" || el.tagName === "TEXTAREA" || el.type === "submit") return;
      event.preventDefault();
      var fields = typedFields(form), at = fields.indexOf(el);
      if (at !== -1 && at + 1 < fields.length) {
        fields[at + 1].focus();
        if (fields[at + 1].select) fields[at + 1].select();
      } else if (checkNow) {
        checkNow();
      }
    });
  }

  // --- a new hand: the other sides follow the first side's entry mode until touched ----------

  function modesFollow(form) {
    var touched = {};
    form.querySelectorAll(".hand-side").forEach(function (side) {
      side.addEventListener("input", function (event) {
        if (!event.target.name || !/-mode$/.test(event.target.name)) touched[side.id] = true;
      });
      side.addEventListener("change", function (event) {
        if (/-mode$/.test(event.target.name || "") && event.isTrusted) touched[side.id] = true;
      });
    });
    var first = form.querySelectorAll("input[name='sides-0-mode']");
    first.forEach(function (radio) {
      radio.addEventListener("change", function () {
        if (!radio.checked) return;
        form.querySelectorAll(".hand-side").forEach(function (side) {
          if (side.id === "sides-0" || touched[side.id]) return;
          var same = side.querySelector("input[name$='-mode'][value='" + radio.value + "']");
          if (same && !same.checked) { same.checked = true; }
        });
        showWhatIsUsed(form);
      });
    });
  }

  // --- the live score --------------------------------------------------------------------

  function clearLiveErrors(form) {
    form.querySelectorAll(".live-error").forEach(function (el) { el.remove(); });
    form.querySelectorAll("[data-live-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("data-live-invalid");
    });
    var top = form.querySelector(".top-errors");
    if (top && !top.querySelector(".error")) top.hidden = true;
  }

  function clearServerErrors(form) {
    form.querySelectorAll(".error:not(.live-error)").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    var top = form.querySelector(".top-errors");
    if (top) top.hidden = true;
  }

  // Where a problem named by a form name goes: beside its field, else its group, else the top of the form.
  function errorBox(form, name) {
    while (name) {
      var el = form.elements.namedItem(name);
      if (el && typeof RadioNodeList !== "undefined" && el instanceof RadioNodeList) el = el[0];
      var box = el && el.closest ? el.closest("[data-errors]") : null;
      if (box && visible(box)) {
        if (el.type !== "radio" && el.type !== "hidden") { el.setAttribute("aria-invalid", "true"); el.setAttribute("data-live-invalid", ""); }
        return box;
      }
      var group = form.querySelector('[data-group="' + name.replace(/"/g, "") + '"]');
      if (group && visible(group)) return group;
      name = name.indexOf("-") === -1 ? "" : name.slice(0, name.lastIndexOf("-"));
    }
    var top = form.querySelector(".top-errors");
    top.hidden = false;
    return top;
  }

  function showErrors(form, problems) {
    problems.forEach(function (problem) {
      var box = errorBox(form, problem.field);
      var p = document.createElement("p");
      p.className = "error live-error";
      p.textContent = problem.message;
      p.dataset.where = problem.where || "";
      var legend = box.tagName === "FIELDSET" ? box.querySelector(":scope > legend") : null;
      if (legend) legend.insertAdjacentElement("afterend", p);
      else box.appendChild(p);
    });
    return form.querySelector(".live-error");  // the first on the page
  }

  function setText(root, selector, text) {
    var el = root.querySelector(selector);
    if (el) el.textContent = text;
  }

  function showScores(form, answer, why) {
    form.querySelectorAll("[data-preview-side]").forEach(function (el) {
      var side = answer.ok ? answer.sides[Number(el.dataset.previewSide)] : null;
      setText(el, "[data-score]", side ? side.score : "—");
      setText(el, "[data-breakdown]", side ? side.breakdown : why);
    });
    form.querySelectorAll("[data-preview-scorer]").forEach(function (el) {
      var scorer = answer.ok ? answer.scorers[Number(el.dataset.previewScorer)] : null;
      setText(el, "[data-hand-score]", scorer ? scorer.hand_score : "—");
      setText(el, "[data-total]", scorer ? scorer.total : "—");
      setText(el, "[data-minimum]", scorer ? scorer.next_minimum : "—");
    });
    setText(form, "[data-preview-mini]", answer.ok ? answer.mini : "");
  }

  // Each meld row's line, as the server wrote it ("Mixed canasta, 90 + 300 bonus").
  function showMeldLines(form, lines) {
    if (!lines) return;
    form.querySelectorAll("[data-meld-line]").forEach(function (el) {
      var text = lines[el.dataset.meldLine] || "";
      if (el.textContent !== text) el.textContent = text;
    });
  }

  // The save bar names the first problem (or what is still unanswered); a tap scrolls to it.
  function showInBar(form, text, target) {
    var button = form.querySelector("[data-bar-problem]");
    if (!button) return;
    button.hidden = !text;
    button.textContent = text || "";
    button.classList.toggle("is-waiting", !!target && !target.classList.contains("error"));
    button.onclick = function () {
      if (!target) return;
      target.scrollIntoView({ block: "center" });
      var box = target.closest("[data-errors], [data-group], fieldset") || target;
      var field = box.querySelector("input:not([type=hidden]), select");
      if (field) field.focus({ preventScroll: true });
    };
  }

  function setupPreview(form) {
    var url = form.dataset.previewUrl;
    var timer = null, asked = 0, serverErrorsShown = form.querySelector(".error") !== null;
    var status = form.querySelector("[data-preview-status]");
    var said = status ? status.dataset : {};  // the script's words, in the reader's language (the page hands them over)
    var goingOut = form.querySelector("fieldset.going-out, fieldset.arrangement");

    function update() {
      clearTimeout(timer);
      var request = ++asked;
      fetch(url, {
        method: "POST", body: new FormData(form), headers: { "Accept": "application/json" }, credentials: "same-origin"
      }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      }).then(function (answer) {
        if (request !== asked) return;  // a newer answer is on its way
        clearLiveErrors(form);
        showMeldLines(form, answer.meld_lines);
        if (answer.ok) {
          showScores(form, answer, "");
          if (status) status.textContent = answer.waiting || said.saidLive;
          showInBar(form, answer.waiting, answer.waiting ? form.querySelector("fieldset.going-out") : null);
          return;
        }
        var first = showErrors(form, answer.problems || []);
        var why = answer.waiting && !answer.problems.length ? answer.waiting
          : said.saidUnfixed + " " + (first ? first.textContent : "");
        showScores(form, answer, why);
        if (status) status.textContent = answer.problems.length ? said.saidFix : answer.waiting;
        if (first) showInBar(form, (first.dataset.where ? first.dataset.where + ": " : "") + first.textContent, first);
        else showInBar(form, answer.waiting, goingOut);
      }).catch(function () {
        if (request !== asked) return;
        if (status) status.textContent = said.saidOffline;
      });
    }

    function schedule() {
      if (serverErrorsShown) { clearServerErrors(form); serverErrorsShown = false; }
      clearTimeout(timer);
      timer = setTimeout(update, 250);
    }

    // A second tap on Save while the first is on its way sends nothing more.
    form.addEventListener("submit", function (event) {
      if (form.dataset.sending) { event.preventDefault(); return; }
      form.dataset.sending = "yes";
      setTimeout(function () { delete form.dataset.sending; }, 8000);
    });
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    if (!serverErrorsShown) update();
    return update;
  }

  // --- start --------------------------------------------------------------------------------

  document.querySelectorAll("form[data-conditional]").forEach(function (form) {
    form.querySelectorAll("[data-nojs]").forEach(function (el) { el.hidden = true; });
    addSteppers(form);
    showWhatIsUsed(form);
    renameSteppers(form);
    form.addEventListener("change", function () { showWhatIsUsed(form); renameSteppers(form); });
    if (form.hasAttribute("data-modes-follow")) modesFollow(form);
    if (form.hasAttribute("data-preview-url") && window.fetch) enterMovesOn(form, setupPreview(form));
  });
})();
