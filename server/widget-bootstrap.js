// The plain script Keel puts at the top of every widget document (docs/widgets.md, "The bridge"). It runs
// inside the sandboxed frame, before the widget's own scripts, as `(function (data) {…})(frameData)`:
// it defines `window.YTApp`, opens the channel to the host and turns `host.*` calls into messages.
// Plain ES2020 without imports: it is inlined as text, never bundled.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- called where the server inlines it
(function (data) {
  "use strict";
  var HELLO = "keel:widget-hello";
  var nextId = 1;
  var pending = new Map();
  var plugin = {};
  var registration = null;

  function applyTheme(theme) {
    var root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    root.classList.toggle("ring-ui-theme-dark", theme === "dark");
    root.classList.toggle("ring-ui-theme-light", theme !== "dark");
  }
  applyTheme(data.theme);

  // Structured clone refuses functions and signals; JSON keeps what a request can carry.
  function plain(value) {
    if (value === undefined) return undefined;
    return JSON.parse(JSON.stringify(value));
  }

  function toError(error) {
    var result = new Error(error && error.message ? String(error.message) : "Widget host error");
    if (error && error.name) result.name = String(error.name);
    if (error && error.status) result.status = error.status;
    if (error && "data" in error) result.data = error.data;
    return result;
  }

  function onMessage(event) {
    var message = event.data;
    if (!message || typeof message !== "object") return;
    if (message.kind === "result") {
      var waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(toError(message.error));
      return;
    }
    if (message.kind !== "event") return;
    try {
      if (message.name === "theme") applyTheme(message.payload === "dark" ? "dark" : "light");
      else if (message.name === "refresh" && typeof plugin.onRefresh === "function") plugin.onRefresh();
      else if (message.name === "configure" && typeof plugin.onConfigure === "function") plugin.onConfigure();
      else if (message.name === "locationChange" && typeof plugin.onAppLocationChange === "function")
        plugin.onAppLocationChange(message.payload);
    } catch (error) {
      console.error(error);
    }
  }

  var channel = new MessageChannel();
  var port = channel.port1;
  port.onmessage = onMessage;
  parent.postMessage({ type: HELLO, version: 1 }, data.hostOrigin, [channel.port2]);
  // A document the frame navigates to is not this one: the host stops taking the frame's window messages.
  addEventListener("pagehide", function (event) {
    if (!event.persisted) port.postMessage({ kind: "call", id: nextId++, method: "unload", args: [] });
  });

  function call(method, args) {
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      pending.set(id, { resolve: resolve, reject: reject });
      try {
        port.postMessage({ kind: "call", id: id, method: method, args: plain(args) });
      } catch (error) {
        pending.delete(id);
        reject(error);
      }
    });
  }

  function buildHost(methods) {
    var host = {};
    methods.forEach(function (name) {
      var dot = name.indexOf(".");
      var target = host;
      var member = name;
      if (dot > 0) {
        var group = name.slice(0, dot);
        target = host[group] = host[group] || {};
        member = name.slice(dot + 1);
      }
      target[member] = function () {
        var args = Array.prototype.slice.call(arguments);
        var answer = call(name, args);
        // These return nothing in the product's API; their failures are the host's to show.
        if (name === "collapse" || name === "closeWidget") {
          answer.catch(function (error) {
            console.error(error);
          });
          return undefined;
        }
        return answer;
      };
    });
    return Object.freeze(host);
  }

  function reportVitals() {
    if (typeof PerformanceObserver !== "function") return;
    var vitals = {};
    var send = function () {
      if (!registration || Object.keys(vitals).length === 0) return;
      call("reportVitals", [vitals]).catch(function () {});
      vitals = {};
    };
    var observe = function (type, handle) {
      try {
        new PerformanceObserver(function (list) {
          list.getEntries().forEach(handle);
        }).observe({ type: type, buffered: true });
      } catch {
        // Not supported in this browser.
      }
    };
    observe("paint", function (entry) {
      if (entry.name === "first-contentful-paint") vitals.FCP = entry.startTime;
    });
    observe("largest-contentful-paint", function (entry) {
      vitals.LCP = entry.startTime;
    });
    observe("layout-shift", function (entry) {
      if (!entry.hadRecentInput) vitals.CLS = (vitals.CLS || 0) + entry.value;
    });
    observe("event", function (entry) {
      if (entry.interactionId) vitals.INP = Math.max(vitals.INP || 0, entry.duration);
    });
    var navigation = performance.getEntriesByType("navigation")[0];
    if (navigation) vitals.TTFB = navigation.responseStart;
    addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") send();
    });
    addEventListener("load", function () {
      setTimeout(send, 3000);
    });
  }

  var YTApp = {
    locale: data.locale,
    entity: data.entity,
    me: data.me,
    widget: { id: data.widget.id, appId: data.widget.appId },
    register: function (api) {
      if (api && typeof api === "object") plugin = api;
      if (!registration) {
        registration = call("register", [
          {
            onRefresh: typeof plugin.onRefresh === "function",
            onConfigure: typeof plugin.onConfigure === "function",
            onAppLocationChange: typeof plugin.onAppLocationChange === "function",
          },
        ]).then(function (answer) {
          return buildHost(answer.methods);
        });
      }
      return registration;
    },
  };
  Object.defineProperty(window, "YTApp", { value: Object.freeze(YTApp), enumerable: true });
  reportVitals();
});
