/* Game and hand forms: show only the fields in use, −/+ steppers, and a live score preview.
 *
 * Fields are named like API paths (sides-0-in_hand-jokers is sides[0].in_hand.jokers).
 * The serializer below follows the same rules as scorekeeper/forms/hands.py read_sides:
 *   data-when="control:a|b;other:c"  used (and shown) only while each control holds one of the values
 *   data-api                          an input whose value goes to its path (empty = left out)
 *   data-fixed                        a value a row always has (a meld's rank); a row with nothing else is dropped
 *   data-set='{"path": value}'        a checked radio or selected option sets these paths
 *   data-object="sides[0]"            this object exists while the element is in use
 * It never computes a score: the engine answers POST /api/v1/score.
 */
(function () {
  "use strict";

  var MINUS = "\u2212";
  var FIXED = ["rank"];

  function points(n) { return (n < 0 ? MINUS : "") + Math.abs(n).toLocaleString("en-US"); }
  function signed(n) { return (n > 0 ? "+" : "") + points(n); }

  // --- conditions -------------------------------------------------------------------

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

  function inUse(form, el) {
    for (var node = el; node && node !== form; node = node.parentElement) {
      if (node.dataset && node.dataset.when && !matches(form, node.dataset.when)) return false;
    }
    return true;
  }

  function showWhatIsUsed(form) {
    form.querySelectorAll("[data-when]").forEach(function (el) { el.hidden = !matches(form, el.dataset.when); });
  }

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
    return input.labels && input.labels[0] ? input.labels[0].innerText.trim() : input.name;
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

  // --- the form as the API's JSON -------------------------------------------------------------

  function segmentsOf(path) { return path.split(/[.\[\]]+/).filter(Boolean); }
  function isIndex(segment) { return /^\d+$/.test(segment); }

  function put(tree, segments, value) {
    var node = tree;
    segments.slice(0, -1).forEach(function (segment) {
      if (typeof node[segment] !== "object" || node[segment] === null) node[segment] = {};
      node = node[segment];
    });
    node[segments[segments.length - 1]] = value;
  }

  function onlyFixed(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return false;
    var keys = Object.keys(value);
    return keys.length > 0 && keys.every(function (key) { return FIXED.indexOf(key) !== -1; });
  }

  function finalize(node, prefix, remap) {
    if (!node || typeof node !== "object" || Array.isArray(node)) return node;
    var keys = Object.keys(node);
    if (keys.length && keys.every(isIndex)) {
      var items = [];
      keys.sort(function (a, b) { return a - b; }).forEach(function (key) {
        if (onlyFixed(node[key])) return;
        remap[prefix.join("-") + "#" + items.length] = key;
        items.push(finalize(node[key], prefix.concat([key]), remap));
      });
      return items;
    }
    var result = {};
    keys.forEach(function (key) { result[key] = finalize(node[key], prefix.concat([key]), remap); });
    return result;
  }

  function inputValue(el) {
    if (el.type === "checkbox") return el.checked ? true : null;
    var text = el.value.trim();
    if (text === "") return null;
    return /^-?\d+$/.test(text) ? parseInt(text, 10) : text;
  }

  function readSides(form) {
    var tree = {}, origins = {}, remap = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !inUse(form, el)) return;
      var segments = el.name.split("-");
      if (el.hasAttribute("data-fixed")) {
        put(tree, segments, el.value);
      } else if (el.hasAttribute("data-api")) {
        var value = inputValue(el);
        if (value === null || value === 0) {
          if (!isIndex(segments[segments.length - 1])) return;
          value = 0;
        }
        put(tree, segments, value);
      }
      var set = null;
      if ((el.type === "radio" || el.type === "checkbox") && el.checked) set = el.dataset.set;
      if (el.tagName === "SELECT" && el.selectedOptions.length) set = el.selectedOptions[0].dataset.set;
      if (set) {
        var assignments = JSON.parse(set);
        Object.keys(assignments).forEach(function (path) {
          var target = segmentsOf(path);
          put(tree, target, assignments[path]);
          origins[target.join("-")] = el.name;
        });
      }
    });
    form.querySelectorAll("[data-object]").forEach(function (el) {
      if (!inUse(form, el)) return;
      var segments = segmentsOf(el.dataset.object), node = tree;
      segments.forEach(function (segment) {
        if (typeof node[segment] !== "object" || node[segment] === null) node[segment] = {};
        node = node[segment];
      });
    });
    var sides = finalize(tree, [], remap).sides || [];
    return { sides: sides, origins: origins, remap: remap };
  }

  function originalName(path, remap) {
    var done = [];
    segmentsOf(path).forEach(function (segment) {
      if (isIndex(segment)) {
        var key = done.join("-") + "#" + segment;
        if (key in remap) segment = remap[key];
      }
      done.push(segment);
    });
    return done.join("-");
  }

  // --- showing the engine's answer ------------------------------------------------------------

  function clearLiveErrors(form) {
    form.querySelectorAll(".live-error").forEach(function (el) { el.remove(); });
    var top = form.querySelector(".top-errors");
    if (top && !top.querySelector(".error")) top.hidden = true;
    form.querySelectorAll("[data-live-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("data-live-invalid");
    });
  }

  function clearServerErrors(form) {
    form.querySelectorAll(".error:not(.live-error)").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    var top = form.querySelector(".top-errors");
    if (top) top.hidden = true;
  }

  function errorBox(form, name, origins) {
    while (name) {
      var target = origins[name] || name;
      var el = form.elements.namedItem(target);
      if (el && typeof RadioNodeList !== "undefined" && el instanceof RadioNodeList) el = el[0];
      if (el && el.closest) {
        var box = el.closest("[data-errors]");
        if (box) {
          if (el.setAttribute && el.type !== "radio") { el.setAttribute("aria-invalid", "true"); el.setAttribute("data-live-invalid", ""); }
          return box;
        }
      }
      var group = form.querySelector('[data-group="' + target.replace(/"/g, "") + '"]');
      if (group && !group.hidden) return group;
      name = name.indexOf("-") === -1 ? "" : name.slice(0, name.lastIndexOf("-"));
    }
    return form.querySelector(".top-errors");
  }

  function showErrors(form, errors, read) {
    errors.forEach(function (problem) {
      var name = problem.field ? originalName(problem.field, read.remap) : "";
      var box = errorBox(form, name, read.origins);
      var p = document.createElement("p");
      p.className = "error live-error";
      p.textContent = problem.message;
      if (box.classList.contains("meld-row") || box.tagName === "FIELDSET" || box.classList.contains("top-errors")) {
        var legend = box.querySelector(":scope > legend");
        if (box.classList.contains("top-errors")) box.hidden = false;
        if (legend && box.tagName === "FIELDSET") legend.insertAdjacentElement("afterend", p);
        else box.appendChild(p);
      } else {
        box.appendChild(p);
      }
    });
  }

  function setText(root, selector, text) {
    var el = root.querySelector(selector);
    if (el) el.textContent = text;
  }

  function showScores(form, config, answer) {
    form.querySelectorAll("[data-preview-side]").forEach(function (el) {
      var side = answer && answer.sides[Number(el.dataset.previewSide)];
      setText(el, "[data-score]", side ? signed(side.score) : "—");
      setText(el, "[data-breakdown]", side ? Object.keys(side.breakdown).map(function (key) {
        return (config.labels[key] || key) + " " + signed(side.breakdown[key]);
      }).join(" · ") : "");
    });
    var mini = [];
    form.querySelectorAll("[data-preview-scorer]").forEach(function (el) {
      var index = Number(el.dataset.previewScorer);
      var scorer = answer && answer.scorers[index];
      setText(el, "[data-hand-score]", scorer ? signed(scorer.hand_score) : "—");
      setText(el, "[data-total]", scorer ? points(scorer.total) : "—");
      setText(el, "[data-minimum]", scorer ? String(scorer.next_minimum) : "—");
      if (scorer) mini.push(config.names[index] + " " + signed(scorer.hand_score));
    });
    setText(form, "[data-preview-mini]", mini.join(" · "));
  }

  function setupPreview(form) {
    var config = JSON.parse(form.dataset.previewConfig);
    var url = form.dataset.scoreUrl;
    var timer = null, asked = 0, serverErrorsShown = form.querySelector(".error") !== null;
    var status = form.querySelector("[data-preview-status]");

    function update() {
      // Controls without which no side is known yet (who played alone): ask for them first.
      var missing = (form.dataset.needs || "").split(" ").filter(function (name) {
        return name && !controlValue(form, name);
      });
      if (missing.length) {
        asked++;
        clearLiveErrors(form);
        showScores(form, config, null);
        if (status) status.textContent = form.dataset.needsMessage || "";
        return;
      }
      var read = readSides(form);
      var request = ++asked;
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept": "application/json" },
        body: JSON.stringify({ rules: config.rules, options: config.options, totals_before: config.totals_before, sides: read.sides }),
        credentials: "same-origin"
      }).then(function (response) {
        return response.json().then(function (body) { return { status: response.status, body: body }; });
      }).then(function (answer) {
        if (request !== asked) return;  // a newer answer is on its way
        clearLiveErrors(form);
        if (answer.status === 200) {
          showScores(form, config, answer.body);
          if (status) status.textContent = "Live score: nothing is saved until you tap the save button.";
        } else {
          showScores(form, config, null);
          showErrors(form, answer.body.errors || [], read);
          if (status) status.textContent = "Fix the marked fields to see the score.";
        }
      }).catch(function () {
        if (request !== asked) return;
        if (status) status.textContent = "No live score right now; “Check score” and “Save” still check the hand.";
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
  }

  // --- start --------------------------------------------------------------------------------

  document.querySelectorAll("form[data-conditional]").forEach(function (form) {
    form.querySelectorAll("[data-nojs]").forEach(function (el) { el.hidden = true; });
    addSteppers(form);
    showWhatIsUsed(form);
    renameSteppers(form);
    form.addEventListener("change", function () { showWhatIsUsed(form); renameSteppers(form); });
    if (form.hasAttribute("data-preview") && window.fetch) setupPreview(form);
  });
})();
