// The SDFG viewer page's script: one viewer per `.viewer` element (two in
// a diff page). Graphviz drew every picture at export time; this script
// pans, zooms, selects, searches, folds scopes in place, opens the pictures
// of blocks that a large SDFG shows as boxes, and marks matches and
// changes. Elements that folding or a closed picture hides keep their
// place in the DOM, marked `data-collapsed`.
(function () {
  'use strict';

  function Viewer(root) {
    var self = this;
    this.root = root;
    this.props = JSON.parse(root.querySelector('script.sdfg-properties').textContent);
    this.marks = JSON.parse(root.querySelector('script.sdfg-marks').textContent);
    this.pictures = {};
    Array.prototype.forEach.call(root.querySelectorAll('.picture'), function (p) {
      self.pictures[p.getAttribute('data-view')] = p;
    });
    this.elements = {};
    this.pictureOf = {};
    Array.prototype.forEach.call(root.querySelectorAll('[data-sdfg-id]'), function (el) {
      var id = el.getAttribute('data-sdfg-id');
      self.elements[id] = el;
      self.pictureOf[id] = el.closest('.picture').getAttribute('data-view');
    });
    this.folded = {};
    this.stack = [''];
    this.selected = null;
    this.markElements();
    this.bind();
    this.show('');
    this.follow(decodeURIComponent(location.hash.slice(1)));
  }

  // A link to the page may name an element to show (`#b2/n4`) or scopes
  // to fold (`#fold=b2/n4,b2/n7`).
  Viewer.prototype.follow = function (hash) {
    var self = this;
    if (hash.indexOf('fold=') === 0) {
      hash.slice(5).split(',').forEach(function (id) { if (self.foldable(id) === 'fold') self.folded[id] = true; });
      this.refresh();
    } else if (this.elements[hash]) {
      this.reveal(hash);
    }
  };

  Viewer.prototype.q = function (sel) { return this.root.querySelector(sel); };

  // Highlights (numbered matches) and diff classes.
  Viewer.prototype.markElements = function () {
    var self = this;
    (this.marks.highlights || []).forEach(function (h) {
      var el = self.elements[h.id];
      if (el) { el.classList.add('highlight'); el.setAttribute('data-match', h.number); }
    });
    ['added', 'removed', 'changed'].forEach(function (what) {
      (self.marks[what] || []).forEach(function (id) {
        var el = self.elements[id];
        if (el) { el.classList.add('diff-' + what); el.setAttribute('data-diff', what); }
      });
    });
    var slowest = Math.max.apply(null, (this.marks.profile || []).map(function (t) { return t.seconds; }).concat([1e-12]));
    (this.marks.profile || []).forEach(function (t) {
      var el = self.elements[t.id];
      if (!el) return;
      var shape = el.querySelector(':scope > polygon, :scope > ellipse, :scope > path');
      if (shape) shape.style.fill = 'hsl(0, 90%, ' + (96 - 32 * t.seconds / slowest).toFixed(1) + '%)';
      el.setAttribute('data-seconds', t.seconds);
      el.classList.add('timed');
    });
    var list = this.q('.matches');
    if (this.marks.title) {
      var head = document.createElement('h4');
      head.textContent = this.marks.title;
      list.appendChild(head);
    }
    (this.marks.profile || []).forEach(function (t) {
      var item = document.createElement('div');
      item.className = 'match-item';
      var p = self.props[t.id] || {};
      item.textContent = seconds(t.seconds) + '  ' + (p.kind || '') + ' ' + (p.label || t.id) + (t.entries > 1 ? ' (' + t.entries + ' times)' : '');
      item.addEventListener('click', function () { self.reveal(t.id); });
      list.appendChild(item);
    });
    (this.marks.highlights || []).forEach(function (h) {
      var item = document.createElement('div');
      item.className = 'match-item';
      item.textContent = '#' + h.number + ' ' + h.text;
      item.addEventListener('click', function () { self.reveal(h.id); });
      list.appendChild(item);
    });
  };

  // The picture `view` in the view, the others closed.
  Viewer.prototype.show = function (view) {
    var self = this;
    Object.keys(this.pictures).forEach(function (v) { self.pictures[v].hidden = v !== view; });
    this.view = view;
    var svg = this.pictures[view].querySelector('svg');
    var box = svg.viewBox.baseVal, w = svg.clientWidth, h = svg.clientHeight;
    this.vb = [box.x, box.y, box.width, box.height];
    // A picture too large to read whole opens at its top, full size.
    if (w > 0 && h > 0 && Math.min(w / box.width, h / box.height) < 0.4) {
      this.vb = [box.x + box.width / 2 - w / 2, box.y, w, h];
      this.apply();
    }
    this.refresh();
    var back = this.q('.back');
    back.hidden = this.stack.length < 2;
    var title = this.q('.where');
    title.textContent = view === '' ? '' : ' / ' + (this.props[view] ? this.props[view].label : view);
    this.badges();
  };

  Viewer.prototype.svg = function () { return this.pictures[this.view].querySelector('svg'); };
  Viewer.prototype.apply = function () { this.svg().setAttribute('viewBox', this.vb.join(' ')); };

  // Whether element `id` is hidden by a fold in its picture.
  Viewer.prototype.foldedAway = function (id) {
    var p = this.props[id] || {};
    if (p.kind === 'memlet') return this.foldedAway(p.src) || this.foldedAway(p.dst);
    for (var f in this.folded) {
      if (id.indexOf(f + '/') === 0) return true;
    }
    for (var s = p.scope; s; s = (this.props[s] || {}).scope) {
      if (this.folded[s]) return true;
    }
    return false;
  };

  // Recomputes what is hidden: elements of closed pictures and folded ones.
  Viewer.prototype.refresh = function () {
    var self = this;
    Object.keys(this.elements).forEach(function (id) {
      var el = self.elements[id];
      var closed = self.pictureOf[id] !== self.view;
      var away = !closed && self.foldedAway(id);
      el.classList.toggle('away', away);
      if (self.folded[id] || self.pictures[id]) el.setAttribute('data-collapsed', 'folded');
      else if (closed || away) el.setAttribute('data-collapsed', 'true');
      else el.removeAttribute('data-collapsed');
      el.classList.toggle('folded', !!self.folded[id] || !!self.pictures[id]);
    });
  };

  function seconds(s) {
    return s >= 1 ? s.toFixed(3) + ' s' : s >= 1e-3 ? (s * 1e3).toFixed(3) + ' ms' : (s * 1e6).toFixed(1) + ' us';
  }

  // Match numbers and measured times next to their elements of the shown
  // picture (laid out only once shown: hidden elements have no box).
  Viewer.prototype.badges = function () {
    var self = this;
    function badge(id, text) {
      var el = self.elements[id];
      if (!el || self.pictureOf[id] !== self.view || el.querySelector(':scope > .badge')) return;
      var b = el.getBBox();
      var t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
      t.setAttribute('class', 'badge');
      t.setAttribute('x', b.x - 4);
      t.setAttribute('y', b.y - 2);
      t.setAttribute('text-anchor', 'end');
      t.textContent = text;
      el.appendChild(t);
    }
    (this.marks.highlights || []).forEach(function (h) { badge(h.id, '#' + h.number); });
    (this.marks.profile || []).forEach(function (t) { badge(t.id, seconds(t.seconds)); });
  };

  Viewer.prototype.foldable = function (id) {
    var kind = (this.props[id] || {}).kind;
    if (this.pictures[id]) return 'open';
    if (kind === 'map-entry' || kind === 'consume-entry') return 'fold';
    var inner = id + '/';
    if (kind === 'state' || kind === 'region' || kind === 'nested-sdfg') {
      for (var other in this.elements) {
        if (other.indexOf(inner) === 0 && this.pictureOf[other] === this.view) return 'fold';
      }
    }
    return null;
  };

  Viewer.prototype.toggle = function (id) {
    var what = this.foldable(id);
    if (what === 'open') { this.stack.push(id); this.show(id); return; }
    if (what !== 'fold') return;
    if (this.folded[id]) delete this.folded[id]; else this.folded[id] = true;
    this.refresh();
    this.select(this.elements[id]);
  };

  Viewer.prototype.select = function (el) {
    if (this.selected) this.selected.classList.remove('selected');
    this.selected = el;
    var button = this.q('.fold');
    if (!el) { button.hidden = true; return; }
    el.classList.add('selected');
    var id = el.getAttribute('data-sdfg-id');
    this.q('.ptitle').textContent = el.getAttribute('data-sdfg-kind') + ' ' + id;
    this.q('.props').textContent = JSON.stringify(this.props[id] || {}, null, 2);
    var what = this.foldable(id);
    button.hidden = !what;
    button.textContent = what === 'open' ? 'Open' : this.folded[id] ? 'Unfold' : 'Fold';
  };

  // Shows element `id`: its picture, every fold around it opened, centred.
  Viewer.prototype.reveal = function (id) {
    var view = this.pictureOf[id];
    if (view === undefined) return;
    if (this.foldedAway(id)) this.folded = {};
    if (view !== this.view) { this.stack = view === '' ? [''] : ['', view]; this.show(view); }
    this.refresh();
    var el = this.elements[id];
    var b = el.getBBox();
    this.vb = [b.x + b.width / 2 - this.vb[2] / 2, b.y + b.height / 2 - this.vb[3] / 2, this.vb[2], this.vb[3]];
    this.apply();
    this.select(el);
  };

  Viewer.prototype.point = function (ev) {
    var r = this.svg().getBoundingClientRect();
    return [this.vb[0] + (ev.clientX - r.left) / r.width * this.vb[2], this.vb[1] + (ev.clientY - r.top) / r.height * this.vb[3]];
  };

  Viewer.prototype.bind = function () {
    var self = this, view = this.q('.view'), drag = null, moved = false;
    view.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var p = self.point(ev), f = ev.deltaY > 0 ? 1.2 : 1 / 1.2, vb = self.vb;
      self.vb = [p[0] - (p[0] - vb[0]) * f, p[1] - (p[1] - vb[1]) * f, vb[2] * f, vb[3] * f];
      self.apply();
    }, { passive: false });
    view.addEventListener('mousedown', function (ev) { drag = [ev.clientX, ev.clientY]; moved = false; });
    window.addEventListener('mouseup', function () { drag = null; });
    window.addEventListener('mousemove', function (ev) {
      if (!drag) return;
      var r = self.svg().getBoundingClientRect();
      var dx = (ev.clientX - drag[0]) / r.width * self.vb[2], dy = (ev.clientY - drag[1]) / r.height * self.vb[3];
      if (Math.abs(dx) + Math.abs(dy) > 0) moved = true;
      self.vb[0] -= dx; self.vb[1] -= dy; drag = [ev.clientX, ev.clientY];
      self.apply();
    });
    view.addEventListener('click', function (ev) {
      if (!moved) self.select(ev.target.closest('[data-sdfg-id]'));
    });
    view.addEventListener('dblclick', function (ev) {
      var el = ev.target.closest('[data-sdfg-id]');
      if (el) self.toggle(el.getAttribute('data-sdfg-id'));
    });
    this.q('.fold').addEventListener('click', function () {
      if (self.selected) self.toggle(self.selected.getAttribute('data-sdfg-id'));
    });
    this.q('.back').addEventListener('click', function () {
      if (self.stack.length > 1) self.stack.pop();
      self.show(self.stack[self.stack.length - 1]);
    });
    this.q('.unfold-all').addEventListener('click', function () { self.folded = {}; self.refresh(); });
    this.q('.fold-all').addEventListener('click', function () {
      Object.keys(self.elements).forEach(function (id) {
        var kind = (self.props[id] || {}).kind;
        if (self.pictureOf[id] === self.view && (kind === 'map-entry' || kind === 'consume-entry' || kind === 'nested-sdfg')) self.folded[id] = true;
      });
      self.refresh();
    });
    this.q('.search').addEventListener('input', function (ev) {
      var q = ev.target.value.toLowerCase(), n = 0;
      Object.keys(self.elements).forEach(function (id) {
        var el = self.elements[id];
        var hit = q.length > 0 && Array.prototype.some.call(el.querySelectorAll(':scope > text'), function (t) {
          return t.textContent.toLowerCase().indexOf(q) >= 0;
        });
        el.classList.toggle('match', hit);
        if (hit) n++;
      });
      self.q('.found').textContent = q ? n + ' found' : '';
    });
  };

  Array.prototype.forEach.call(document.querySelectorAll('.viewer'), function (root) { new Viewer(root); });
})();
