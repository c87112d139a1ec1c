// tumble's page player. It draws nothing: the pictures are SVG made by tumble's SVG backend,
// stored as a dictionary of element strings (decompressed with DecompressionStream); the script
// only chooses which picture to show and when.
// Core: the clock, seeking and clicker steps, as the window's player and presenter keep them.
// View: keys, timeline, touch, the address (#t=, #slide=K&t=, &clean), help, black screen, full
// screen, and the presenter view (N), kept in step through a BroadcastChannel.
// Words from files (titles, notes) are shown with textContent only.
(function () {
  'use strict';
  var EPS = 1e-6;
  var STEP_SECONDS = 0.4;
  var META = JSON.parse(document.getElementById('tumble-meta').textContent);
  var SLIDES = META.slides;
  var ID = document.body.getAttribute('data-id');

  // ---- Core -------------------------------------------------------------------------------
  function Core(slides, speed, autoplay) {
    this.slides = slides;
    this.speed = speed;
    this.autoplay = autoplay;
    this.go(0, false);
  }
  Core.prototype.slide = function () { return this.slides[this.i]; };
  Core.prototype.duration = function () { return this.slide().d; };
  Core.prototype.go = function (i, atEnd) {
    this.i = Math.max(0, Math.min(i, this.slides.length - 1));
    this.step = null;
    this.t = atEnd ? this.duration() : 0;
    this.playing = !atEnd && this.autoplay && this.duration() > 0;
  };
  Core.prototype.settle = function () {
    if (this.step) { this.t = this.step.then; this.step = null; }
  };
  Core.prototype.startStep = function (from, to, then) {
    this.playing = false;
    var length = Math.min(Math.abs(to - from) / this.speed, STEP_SECONDS);
    if (length <= 0) { this.t = then; return; }
    this.t = from;
    this.step = { from: from, to: to, then: then, elapsed: 0, length: length };
  };
  Core.prototype.after = function (k) { return k === 0 ? 0 : this.slide().r[k - 1]; };
  Core.prototype.forward = function () {
    this.settle();
    var s = this.slide();
    for (var k = 0; k < s.r.length; k++) {
      if (s.r[k] > this.t + EPS) { this.startStep(Math.max(this.t, s.s[k]), s.r[k], s.r[k]); return; }
    }
    if (this.i + 1 < this.slides.length) this.go(this.i + 1, false);
  };
  Core.prototype.back = function () {
    this.settle();
    var s = this.slide();
    for (var k = s.s.length - 1; k >= 0; k--) {
      if (s.s[k] < this.t - EPS) { this.startStep(Math.min(this.t, s.r[k]), s.s[k], this.after(k)); return; }
    }
    // Back from the start of an item lands at the end of the one before.
    if (this.i > 0) this.go(this.i - 1, true);
  };
  Core.prototype.toggle = function () {
    this.settle();
    var d = this.duration();
    if (!this.playing && this.t >= d - EPS) { this.t = 0; this.playing = d > 0; }
    else this.playing = !this.playing && d > 0;
  };
  Core.prototype.home = function () { this.step = null; this.t = 0; this.playing = false; };
  Core.prototype.end = function () { this.step = null; this.t = this.duration(); this.playing = false; };
  Core.prototype.restart = function () { this.home(); this.playing = this.duration() > 0; };
  Core.prototype.seek = function (t) { this.step = null; this.t = Math.max(0, Math.min(t, this.duration())); };
  Core.prototype.slower = function () { this.speed = Math.max(this.speed / 1.5, 1 / 16); };
  Core.prototype.faster = function () { this.speed = Math.min(this.speed * 1.5, 16); };
  // Advances dt seconds of real time; true when playing reached the end.
  Core.prototype.update = function (dt) {
    var st = this.step;
    if (st) {
      st.elapsed += dt;
      if (st.elapsed >= st.length) { this.t = st.then; this.step = null; }
      else this.t = st.from + (st.to - st.from) * st.elapsed / st.length;
      return false;
    }
    if (!this.playing) return false;
    this.t += dt * this.speed;
    if (this.t >= this.duration()) { this.t = this.duration(); this.playing = false; return true; }
    return false;
  };
  Core.prototype.done = function () {
    var r = this.slide().r, n = 0;
    for (var k = 0; k < r.length; k++) if (r[k] <= this.t + EPS) n++;
    return n;
  };
  // The picture shown at the time: the last frame that has started.
  Core.prototype.picture = function () {
    var f = this.slide().f, lo = 0, hi = f.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (f[mid] <= this.t + EPS) lo = mid; else hi = mid - 1;
    }
    return this.slide().p[lo];
  };
  Core.prototype.status = function () {
    var s = this.slide(), n = this.slides.length, out = '';
    if (n > 1) out += (this.i + 1) + '/' + n + ' ' + s.title + '   ';
    if (s.card) return out + 'title card   PageDown: next';
    return out + 'move ' + this.done() + '/' + s.s.length + '   ' + this.t.toFixed(1) + ' s / ' +
      s.d.toFixed(1) + ' s   ' + this.speed.toFixed(2) + 'x   ' +
      (this.playing || this.step ? 'playing' : 'paused');
  };

  // ---- Pictures ---------------------------------------------------------------------------
  var NS = 'http://www.w3.org/2000/svg';
  var store = null;          // {e: [element strings], p: [[element numbers]], d: '<defs>'}
  var prepared = new Map();  // picture number -> its <svg>, built off screen
  var sizes = new Map();     // picture number -> [w, h]
  SLIDES.forEach(function (s) { s.p.forEach(function (p) { sizes.set(p, [s.w, s.h]); }); });

  // The pictures' text: seven bits a character (tumble's export/html_text.rs), then gzip.
  var ILLEGAL = [0, 13, 60];
  function sevenBits(text) {
    var groups = [];
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (c < 0x80) groups.push(c);
      else if (c < 0x200) { groups.push(ILLEGAL[(c - 0x80) >> 7]); groups.push((c - 0x80) & 127); }
      else groups.push(ILLEGAL[c - 0x200]);
    }
    var n = Math.floor(groups.length * 7 / 8), out = new Uint8Array(n), bit = 0;
    for (var g = 0; g < groups.length; g++) {
      for (var k = 6; k >= 0; k--, bit++) {
        if ((bit >> 3) < n && ((groups[g] >> k) & 1)) out[bit >> 3] |= 0x80 >> (bit & 7);
      }
    }
    return out;
  }
  // The store: the glyphs' <defs>, the pictures as lists of element numbers, the elements.
  function parseStore(text) {
    var lines = text.split('\n');
    var pictures = lines[1].split(';').map(function (pic) {
      var ids = [];
      pic.split(',').forEach(function (item) {
        var r = item.split('-'), a = +r[0], b = r.length > 1 ? +r[1] : a;
        for (var i = a; i <= b; i++) ids.push(i);
      });
      return ids;
    });
    return { d: lines[0], p: pictures, e: lines.slice(2) };
  }
  function unpack(text) {
    var stream = new Blob([sevenBits(text)]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(stream).text().then(parseStore);
  }
  function prepare(p) {
    var svg = prepared.get(p);
    if (svg) return svg;
    var wh = sizes.get(p);
    svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + wh[0] + ' ' + wh[1]);
    var ids = store.p[p], parts = new Array(ids.length);
    for (var i = 0; i < ids.length; i++) parts[i] = store.e[ids[i]];
    svg.innerHTML = parts.join('');
    prepared.set(p, svg);
    return svg;
  }

  // ---- View -------------------------------------------------------------------------------
  var presenterMode = /^#presenter/.test(location.hash);
  var core = new Core(SLIDES, META.speed, !META.talk);
  var $ = function (id) { return document.getElementById(id); };
  var stage = $('stage'), bar = $('bar'), ticks = $('ticks'), played = $('played'), head = $('head');
  var statusText = $('status-text'), help = $('help'), blank = $('blank');
  var shown = -1, ticksOf = -1, held = null, last = null;
  var channel = ('BroadcastChannel' in window) ? new BroadcastChannel('tumble-' + ID) : null;

  function hud(on) { document.documentElement.classList.toggle('clean', !on); }
  function isHud() { return !document.documentElement.classList.contains('clean'); }

  // Reads #t=SECONDS, #slide=K&t=SECONDS and &clean: that moment, paused.
  function readAddress() {
    var h = location.hash.replace(/^#/, '');
    if (!h || presenterMode) return;
    var q = {};
    h.split('&').forEach(function (kv) { var i = kv.indexOf('='); q[i < 0 ? kv : kv.slice(0, i)] = i < 0 ? '' : kv.slice(i + 1); });
    if ('slide' in q || 't' in q) {
      var k = parseInt(q.slide || '1', 10);
      core.go(isFinite(k) ? k - 1 : 0, false);
      var t = parseFloat(q.t || '0');
      core.seek(isFinite(t) ? t : 0);
      core.playing = false;
    }
    if ('clean' in q) hud(false);
  }

  function draw() {
    if (!store) return;
    var p = core.picture();
    if (p !== shown) {
      // The new picture is built before it goes in: one swap, never a half-drawn picture.
      stage.replaceChildren(prepare(p));
      shown = p;
    }
    var s = core.slide();
    statusText.textContent = core.status();
    if (ticksOf !== core.i) {
      ticksOf = core.i;
      ticks.replaceChildren();
      s.s.forEach(function (t) {
        var tick = document.createElement('i');
        tick.style.left = (100 * t / s.d) + '%';
        ticks.appendChild(tick);
      });
    }
    var frac = s.d > 0 ? core.t / s.d : 0;
    played.style.width = (100 * frac) + '%';
    head.style.left = (100 * frac) + '%';
    head.hidden = s.d <= 0;
  }

  // Builds the pictures a key could ask for next, a few per frame, so that swaps stay cheap.
  function prefetch() {
    var budget = 4, s = core.slide(), j = 0;
    var want = [];
    var at = s.p.indexOf(shown);
    for (j = Math.max(at, 0); j < s.p.length && want.length < 12; j++) want.push(s.p[j]);
    if (core.i + 1 < SLIDES.length) want.push(SLIDES[core.i + 1].p[0]);
    if (core.i > 0) { var prev = SLIDES[core.i - 1]; want.push(prev.p[prev.p.length - 1]); }
    for (j = 0; j < want.length && budget > 0; j++) {
      if (!prepared.has(want[j])) { prepare(want[j]); budget--; }
    }
  }

  function send(msg) { if (channel) channel.postMessage(msg); }
  var told = '';
  // Tells the presenter view where the show is, when that changed (or when asked: `force`).
  function broadcast(force) {
    var state = { kind: 'state', i: core.i, t: core.t, playing: core.playing || !!core.step };
    var key = JSON.stringify(state);
    if (force || key !== told) { told = key; send(state); }
  }

  function frame(now) {
    var dt = last === null ? 0 : Math.min((now - last) / 1000, 0.25);
    last = now;
    if (help.hidden && blank.hidden && held === null) core.update(dt);
    draw();
    if (store) prefetch();
    broadcast();
    requestAnimationFrame(frame);
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) { if (document.exitFullscreen) document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(function () {});
  }
  function openPresenter() {
    var url = location.href.split('#')[0] + '#presenter';
    window.open(url, 'tumble-presenter-' + ID, 'width=900,height=640');
  }

  // One key's action; the names are KeyboardEvent.key values. True when the key was used.
  function act(key) {
    if (!blank.hidden) { blank.hidden = true; return true; }
    if (!help.hidden) {
      if (key === '?' || key === 'Escape') help.hidden = true;
      else if (key === 'f' || key === 'F') toggleFullscreen();
      return true;
    }
    switch (key) {
      case 'PageDown': case 'ArrowRight': core.forward(); break;
      case 'PageUp': case 'ArrowLeft': core.back(); break;
      case ' ': case 'Spacebar': core.toggle(); break;
      case 'Home': core.home(); break;
      case 'End': core.end(); break;
      case '[': core.slower(); break;
      case ']': core.faster(); break;
      case 'r': case 'R': core.restart(); break;
      case 'h': case 'H': hud(!isHud()); break;
      case 'b': case 'B': blank.hidden = false; break;
      case 'f': case 'F': toggleFullscreen(); break;
      case 'n': case 'N': openPresenter(); break;
      case '?': help.hidden = false; break;
      default: return false;
    }
    return true;
  }

  function fillHelp() {
    var table = $('help-keys');
    META.help.forEach(function (row) {
      var tr = document.createElement('tr');
      row.forEach(function (cell) { var td = document.createElement('td'); td.textContent = cell; tr.appendChild(td); });
      table.appendChild(tr);
    });
  }

  function barFraction(e) {
    var r = bar.getBoundingClientRect();
    return r.width > 0 ? Math.max(0, Math.min((e.clientX - r.left) / r.width, 1)) : 0;
  }

  function audience() {
    document.title = META.title;
    fillHelp();
    if (META.clean) hud(false);
    readAddress();
    window.addEventListener('hashchange', function () { readAddress(); draw(); broadcast(); });
    document.addEventListener('keydown', function (e) {
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (act(e.key)) { e.preventDefault(); draw(); broadcast(); }
    });
    blank.addEventListener('pointerdown', function () { blank.hidden = true; });
    help.addEventListener('pointerdown', function () { help.hidden = true; });
    // The timeline: a press jumps, a drag scrubs, the show pauses while held.
    bar.addEventListener('pointerdown', function (e) {
      if (core.duration() <= 0) return;
      held = core.playing;
      bar.setPointerCapture(e.pointerId);
      core.seek(barFraction(e) * core.duration());
      core.playing = false;
      e.preventDefault();
    });
    bar.addEventListener('pointermove', function (e) {
      if (held === null) return;
      core.seek(barFraction(e) * core.duration());
      core.playing = false;
    });
    var release = function () {
      if (held === null) return;
      core.playing = held && core.t < core.duration();
      held = null;
    };
    bar.addEventListener('pointerup', release);
    bar.addEventListener('pointercancel', release);
    // Touch on the picture: a swipe steps, a tap plays or pauses.
    var touch = null;
    stage.addEventListener('pointerdown', function (e) {
      if (e.pointerType !== 'mouse') touch = { x: e.clientX, y: e.clientY, at: e.timeStamp };
    });
    stage.addEventListener('pointerup', function (e) {
      if (!touch) return;
      var dx = e.clientX - touch.x, dy = e.clientY - touch.y;
      touch = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) { if (dx < 0) core.forward(); else core.back(); }
      else if (Math.abs(dx) < 12 && Math.abs(dy) < 12) core.toggle();
    });
    stage.addEventListener('pointercancel', function () { touch = null; });
    // The presenter view's keys drive this window; a new presenter view asks where it is.
    if (channel) channel.onmessage = function (e) {
      if (e.data && e.data.kind === 'key') { act(e.data.key); draw(); }
      broadcast(true);
    };
    requestAnimationFrame(frame);
  }

  // The presenter view: this item's notes, the next item's title, a clock; its keys go to the
  // audience's window, and the audience's window says where it is.
  function presenter() {
    $('player').hidden = true;
    $('presenter').hidden = false;
    document.title = 'Presenter: ' + META.title;
    var opened = Date.now(), where = { i: 0, t: 0, playing: false };
    function nextTitle(i) {
      // The next item: the next slide whose title differs (an item's card and show share one).
      for (var j = i + 1; j < SLIDES.length; j++) if (SLIDES[j].title !== SLIDES[i].title) return SLIDES[j].title;
      return null;
    }
    function show() {
      var s = SLIDES[where.i] || SLIDES[0];
      var secs = Math.floor((Date.now() - opened) / 1000);
      var mm = Math.floor(secs / 60), ss = secs % 60;
      $('p-clock').textContent = (mm < 10 ? '0' : '') + mm + ':' + (ss < 10 ? '0' : '') + ss + '   ' +
        new Date().toTimeString().slice(0, 5);
      $('p-now').textContent = 'Now ' + (where.i + 1) + '/' + SLIDES.length + ': ' + s.title + '   ' +
        where.t.toFixed(1) + ' s / ' + s.d.toFixed(1) + ' s' + (where.playing ? '   playing' : '');
      $('p-notes').textContent = s.notes || '(no notes)';
      var next = nextTitle(where.i);
      $('p-next').textContent = next === null ? 'Last item' : 'Next: ' + next;
    }
    if (channel) channel.onmessage = function (e) {
      if (e.data && e.data.kind === 'state') { where = e.data; show(); }
    };
    document.addEventListener('keydown', function (e) {
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      if (e.key === 'f' || e.key === 'F') { toggleFullscreen(); e.preventDefault(); return; }
      send({ kind: 'key', key: e.key });
      e.preventDefault();
    });
    show();
    send({ kind: 'hello' });
    setInterval(show, 500);
  }

  window.tumble = {
    // For tests and scripts: where the player is (read only).
    state: function () {
      return { slide: core.i + 1, slides: SLIDES.length, t: core.t, playing: core.playing || !!core.step,
        speed: core.speed, picture: shown, hud: isHud(), help: !help.hidden, blank: !blank.hidden,
        ready: !!store, presenter: presenterMode, done: core.done() };
    }
  };

  if (presenterMode) { presenter(); return; }
  unpack(document.getElementById('tumble-pictures').textContent).then(function (s) {
    store = s;
    $('glyphs').innerHTML = s.d;
    draw();
    document.documentElement.setAttribute('data-ready', '1');
  }).catch(function (e) {
    statusText.textContent = 'This browser cannot unpack the pictures (' + e + ')';
  });
  audience();
})();
