/**
 * GET /sdk/hosted-fields.js: the client library the merchant page loads. It puts one platform iframe per field
 * (card number, expiry, CVV) into the merchant's containers and talks to them only by postMessage, checking the
 * sender's origin and window both ways. Card values never enter the merchant page: on collectIframesData() the
 * card-number iframe gathers the other two over a same-origin BroadcastChannel and submits all three itself.
 */

/** `platformBase`: PUBLIC_BASE_URL (frames are loaded from it; messages must come from its origin). */
export function hostedFieldsScript(platformBase: string): string {
  const base = platformBase.replace(/\/$/, '');
  return `/*! Hosted Payment Fields client 1.0.0 */
(function (global) {
  'use strict';
  var BASE = ${JSON.stringify(base)};
  var ORIGIN = ${JSON.stringify(new URL(base).origin)};
  var FIELDS = ['card', 'expiry', 'cvv'];
  var TITLES = { card: 'Card number', expiry: 'Expiry date', cvv: 'Security code' };

  function randomId() {
    var a = new Uint8Array(16);
    global.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function call(fn, arg) {
    if (typeof fn === 'function') { try { fn(arg); } catch (e) { setTimeout(function () { throw e; }); } }
  }

  function HostedFields() {
    this.onSubmitResult = undefined;
    this.cardOn = { input: undefined, focus: undefined, blur: undefined };
    this._channel = randomId();
    this._frames = {};
    this._pending = {};
    this._onMessage = this._onMessage.bind(this);
  }

  HostedFields.prototype.init = function (config) {
    if (!config || typeof config.sessionToken !== 'string' || !config.sessionToken) throw new Error('HostedFields.init: sessionToken is required');
    if (!config.fields) throw new Error('HostedFields.init: fields.card, fields.expiry and fields.cvv are required');
    this._config = config;
    global.addEventListener('message', this._onMessage);
    for (var i = 0; i < FIELDS.length; i++) {
      var field = FIELDS[i];
      var opts = config.fields[field];
      if (!opts || !opts.id) throw new Error('HostedFields.init: fields.' + field + '.id is required');
      var container = global.document.getElementById(opts.id);
      if (!container) throw new Error('HostedFields.init: no element with id "' + opts.id + '"');
      var iframe = global.document.createElement('iframe');
      iframe.src = BASE + '/hosted-fields/frame/' + field + '?token=' + encodeURIComponent(config.sessionToken) +
        '&origin=' + encodeURIComponent(global.location.origin) + '&channel=' + this._channel;
      iframe.title = TITLES[field];
      iframe.name = 'hosted-field-' + field;
      iframe.setAttribute('frameborder', '0');
      iframe.setAttribute('scrolling', 'no');
      iframe.style.cssText = 'border:0;width:100%;height:100%;min-height:1.5em;display:block;background:transparent';
      while (container.firstChild) container.removeChild(container.firstChild);
      container.appendChild(iframe);
      this._frames[field] = { iframe: iframe, opts: opts };
    }
    return this;
  };

  /** Asks the iframes to submit the card to the platform; onSubmitResult (and the returned promise) get the result. */
  HostedFields.prototype.collectIframesData = function () {
    var self = this;
    var id = randomId();
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { self._finish(id, { result: 'undefined', message: '' }); }, 15000);
      self._pending[id] = function (res) { clearTimeout(timer); resolve(res); };
      if (!self._post('card', { type: 'collect', id: id })) self._finish(id, { result: 'undefined', message: '' });
    });
  };

  HostedFields.prototype._finish = function (id, res) {
    var done = this._pending[id];
    if (!done) return;
    delete this._pending[id];
    var out = { result: res.result === 'success' ? 'success' : 'undefined', message: typeof res.message === 'string' ? res.message : '' };
    call(this.onSubmitResult, out);
    done(out);
  };

  HostedFields.prototype._post = function (field, msg) {
    var f = this._frames[field];
    if (!f || !f.iframe.contentWindow) return false;
    msg.source = 'hosted-fields-parent';
    msg.channel = this._channel;
    f.iframe.contentWindow.postMessage(msg, ORIGIN);
    return true;
  };

  HostedFields.prototype._onMessage = function (e) {
    // Only the platform's own iframes of this instance may talk to us.
    if (e.origin !== ORIGIN) return;
    var m = e.data;
    if (!m || m.source !== 'hosted-fields' || m.channel !== this._channel) return;
    var f = this._frames[m.field];
    if (!f || e.source !== f.iframe.contentWindow) return;
    switch (m.type) {
      case 'ready':
        this._post(m.field, { type: 'configure', placeholder: f.opts.placeholder, style: this._config.style, fieldStyle: f.opts.style });
        break;
      case 'input':
        call(this.cardOn.input, { valid: m.valid === true, field: m.field });
        break;
      case 'focus':
        call(this.cardOn.focus, { field: m.field });
        break;
      case 'blur':
        call(this.cardOn.blur, { field: m.field });
        break;
      case 'result':
        if (m.field === 'card') this._finish(m.id, m);
        break;
    }
  };

  global.HostedFields = HostedFields;
})(window);
`;
}
