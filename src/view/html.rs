//! An SDFG as one self-contained HTML page: the SVG picture (`svg.rs`)
//! inline, with the properties of every element (`properties.rs`) as
//! JSON, and a small script: drag to pan, wheel to zoom, click an element
//! for its properties in the side panel, search by name. No network
//! access is needed to open it; the drawing is in the page, not built by
//! the script, so a DOM dump shows every element.

use super::svg::{to_svg, SvgError};
use crate::model::Sdfg;

const STYLE: &str = r#"
body { margin: 0; font-family: sans-serif; display: grid; grid-template-columns: 1fr 22rem; grid-template-rows: auto 1fr; height: 100vh; }
#bar { grid-column: 1 / 3; padding: 0.4rem; border-bottom: 1px solid #ccc; display: flex; gap: 0.8rem; align-items: center; }
#bar .hint { color: #777; font-size: 0.8rem; }
#view { overflow: hidden; cursor: grab; }
#view svg { width: 100%; height: 100%; }
#panel { border-left: 1px solid #ccc; overflow: auto; padding: 0 0.6rem; font-size: 0.8rem; }
#panel pre { white-space: pre-wrap; word-break: break-all; }
.selected > polygon, .selected > ellipse, .selected > path { stroke: #d00 !important; stroke-width: 3; }
.match > polygon, .match > ellipse, .match > path { fill: #ffe680 !important; }
"#;

const SCRIPT: &str = r#"
(function () {
  var props = JSON.parse(document.getElementById('sdfg-properties').textContent);
  var view = document.getElementById('view');
  var svg = view.querySelector('svg');
  var box = svg.viewBox.baseVal;
  var vb = [box.x, box.y, box.width, box.height];
  function apply() { svg.setAttribute('viewBox', vb.join(' ')); }
  function point(ev) {
    var r = svg.getBoundingClientRect();
    return [vb[0] + (ev.clientX - r.left) / r.width * vb[2], vb[1] + (ev.clientY - r.top) / r.height * vb[3]];
  }
  view.addEventListener('wheel', function (ev) {
    ev.preventDefault();
    var p = point(ev), f = ev.deltaY > 0 ? 1.2 : 1 / 1.2;
    vb = [p[0] - (p[0] - vb[0]) * f, p[1] - (p[1] - vb[1]) * f, vb[2] * f, vb[3] * f];
    apply();
  }, { passive: false });
  var drag = null, moved = false;
  view.addEventListener('mousedown', function (ev) { drag = [ev.clientX, ev.clientY]; moved = false; });
  window.addEventListener('mouseup', function () { drag = null; });
  window.addEventListener('mousemove', function (ev) {
    if (!drag) return;
    var r = svg.getBoundingClientRect();
    var dx = (ev.clientX - drag[0]) / r.width * vb[2], dy = (ev.clientY - drag[1]) / r.height * vb[3];
    if (Math.abs(dx) + Math.abs(dy) > 0) moved = true;
    vb[0] -= dx; vb[1] -= dy; drag = [ev.clientX, ev.clientY];
    apply();
  });
  var selected = null;
  view.addEventListener('click', function (ev) {
    if (moved) return;
    var el = ev.target.closest('[data-sdfg-id]');
    if (selected) selected.classList.remove('selected');
    selected = el;
    if (!el) return;
    el.classList.add('selected');
    var id = el.getAttribute('data-sdfg-id');
    document.getElementById('ptitle').textContent = el.getAttribute('data-sdfg-kind') + ' ' + id;
    document.getElementById('props').textContent = JSON.stringify(props[id] || {}, null, 2);
  });
  var elements = Array.prototype.slice.call(svg.querySelectorAll('[data-sdfg-kind]'));
  document.getElementById('search').addEventListener('input', function (ev) {
    var q = ev.target.value.toLowerCase(), n = 0;
    elements.forEach(function (el) {
      var hit = q.length > 0 && Array.prototype.some.call(el.querySelectorAll(':scope > text'), function (t) {
        return t.textContent.toLowerCase().indexOf(q) >= 0;
      });
      el.classList.toggle('match', hit);
      if (hit) n++;
    });
    document.getElementById('found').textContent = q ? n + ' found' : '';
  });
})();
"#;

/// The HTML page of `sdfg`.
pub fn to_html(sdfg: &Sdfg) -> Result<String, SvgError> {
    let svg = to_svg(sdfg)?;
    // The page holds the <svg> element alone: no XML prolog or doctype.
    let svg = svg.find("<svg").map(|at| &svg[at..]).unwrap_or(&svg);
    // Inside <script>, "</" would end it.
    let props = super::properties::properties(sdfg).to_string().replace("</", "<\\/");
    let name = escape(&sdfg.name);
    Ok(format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{name}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
<div id=\"bar\"><strong>{name}</strong><input id=\"search\" placeholder=\"Search by name\"><span id=\"found\"></span>\
<span class=\"hint\">drag to pan, wheel to zoom, click an element for its properties</span></div>\n\
<div id=\"view\">\n{svg}</div>\n<aside id=\"panel\"><h3 id=\"ptitle\">{name}</h3><pre id=\"props\"></pre></aside>\n\
<script id=\"sdfg-properties\" type=\"application/json\">{props}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    ))
}

/// Text for HTML: `&`, `<`, `>` and quotes escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
