// vsadnik gui: the page. Plain JavaScript, no libraries. The server is the
// arbiter: this page draws the state it sends (GET /api/state, the event
// stream /api/events), proposes moves from the legal list the state holds,
// and shows the server's answer (a new state or an error).
'use strict';
(() => {
  const SVGNS = 'http://www.w3.org/2000/svg';
  // Filled chess glyphs for both colours (filled white with an outline for
  // White); the text presentation selector keeps emoji fonts away.
  const GLYPH = { K: '\u265A', Q: '\u265B', R: '\u265C', B: '\u265D', N: '\u265E', P: '\u265F', H: '\u265E' };
  const NAMES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn', H: 'Helgi' };
  const RUSSIAN = { K: 'Volkhv', Q: 'Knyaz', R: 'Ratoborets', B: 'Luchnik', N: 'Vsadnik', P: 'Ratnik', H: 'Helgi' };
  const SQ = 100; // one square in the board's SVG units

  let state = null;      // the latest state document
  let sel = null;        // {from, drop, k}: the piece (or tower part) chosen
  let drag = null;       // a drag under way
  let towerSq = null;    // the tower shown in the tower panel
  let thinking = null;   // the engine's latest line
  let thinkingSeq = -1;  // its number: the newer of stream and answers wins
  let stateAt = 0;       // when the state arrived (for the clocks)
  let pendingPromotion = null;
  let lastNotice = null;  // the engine notice shown last
  // A seat link (team games: /?seat=KEY) makes this page that seat's: every
  // API request names the seat and this browser (its id kept in the
  // browser's storage, so that a reload keeps the seat).
  const seatKey = new URLSearchParams(location.search).get('seat');
  const seatQuery = seatKey ? `?seat=${encodeURIComponent(seatKey)}&client=${browserId()}` : '';
  function browserId() {
    const fresh = () => [...crypto.getRandomValues(new Uint8Array(12))]
      .map((b) => b.toString(16).padStart(2, '0')).join('');
    try {
      let id = localStorage.getItem('vsadnik-client');
      if (!id) { id = fresh(); localStorage.setItem('vsadnik-client', id); }
      return id;
    } catch (err) {
      return fresh();
    }
  }
  let drawing = null;     // {b, flipped, index}: a board drawn that is not the person's (team games)

  const $ = (id) => document.getElementById(id);

  function el(name, attrs, parent) {
    const n = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs || {})) n.setAttribute(k, v);
    if (parent) parent.appendChild(n);
    return n;
  }

  function html(name, attrs, parent) {
    const n = document.createElement(name);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') n.textContent = v; else n.setAttribute(k, v);
    }
    if (parent) parent.appendChild(n);
    return n;
  }

  // ---- squares -------------------------------------------------------
  const fileOf = (sq) => sq.charCodeAt(0) - 97;
  const rankOf = (sq) => parseInt(sq.slice(1), 10) - 1;
  const sqName = (file, rank) => String.fromCharCode(97 + file) + (rank + 1);

  function board() { return drawing ? drawing.b : state.boards[0]; }
  const flipped = () => (drawing ? drawing.flipped : state.flipped);
  function stackAt(sq) {
    const b = board();
    const f = fileOf(sq), r = rankOf(sq);
    if (f < 0 || f >= b.files || r < 0 || r >= b.ranks) return [];
    return b.squares[r * b.files + f] || [];
  }
  // A variant whose pieces stack into towers (the state says so).
  const isTavreli = () => state && state.towers;
  const moveK = (m) => (m.k == null ? stackAt(m.from).length : m.k);

  // ---- pieces --------------------------------------------------------
  // One piece drawn in a box of `size` units at (x, y).
  function pieceNode(p, x, y, size, parent) {
    const g = el('g', { class: 'pc ' + (p.c === 'w' ? 'white' : 'black'), 'data-kind': p.k,
      transform: `translate(${x},${y}) scale(${size / SQ})` }, parent);
    const t = el('text', { x: 50, y: 53, 'font-size': p.k === 'H' ? 74 : 82,
      'text-anchor': 'middle', 'dominant-baseline': 'central' }, g);
    t.textContent = GLYPH[p.k] + '\uFE0E';
    if (p.k === 'H') {
      // The Helgi: a knight under a crown (it moves as a queen or a knight).
      el('path', { class: 'crown', d: 'M30 26 L33 6 L42 18 L50 2 L58 18 L67 6 L70 26 Z' }, g);
      t.setAttribute('y', 60);
    }
    if (p.promoted) el('circle', { class: 'promoted', cx: 84, cy: 16, r: 8 }, g);
    return g;
  }

  function pieceSvg(p) {
    const s = el('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true' });
    pieceNode(p, 0, 0, SQ, s);
    return s;
  }

  function describe(p) {
    const name = isTavreli() ? `${RUSSIAN[p.k]} (${NAMES[p.k]})` : NAMES[p.k];
    let s = (p.c === 'w' ? 'White ' : 'Black ') + name;
    if (p.k === 'P' && p.id) s += `, promotes to ${isTavreli() ? RUSSIAN[p.id] : NAMES[p.id]}`;
    if (p.promoted) s += ' (promoted)';
    return s;
  }

  // A square's contents: one piece, or a tower drawn whole, top first, in
  // bands (at most four; a taller tower shows its top three and a count).
  function drawStack(g, stack, sq, x, y) {
    const group = el('g', { class: 'piece', 'data-sq': sq, 'data-color': stack[0].c, 'data-height': stack.length }, g);
    if (stack.length === 1) {
      el('rect', { x, y, width: SQ, height: SQ, fill: 'transparent', 'data-level': 0 }, group);
      pieceNode(stack[0], x, y, SQ, group).setAttribute('data-level', 0);
      return;
    }
    const shown = stack.length > 4 ? 3 : stack.length;
    const bands = stack.length > 4 ? 4 : stack.length;
    const h = SQ / bands;
    const chosen = sel && sel.from === sq && sel.k ? sel.k : 0;
    for (let i = 0; i < shown; i++) {
      const p = stack[i];
      const cls = 'band ' + (p.c === 'w' ? 'white' : 'black') + (i === 0 ? ' top' : '') + (i < chosen ? ' chosen' : '');
      el('rect', { class: cls, x: x + 2, y: y + i * h + 1, width: SQ - 4, height: h - 2, 'data-level': i,
        'data-kind': p.k, 'data-color': p.c }, group);
      const n = pieceNode(p, x + (SQ - h) / 2, y + i * h, h, group);
      n.setAttribute('data-level', i);
    }
    if (stack.length > 4) {
      el('rect', { class: 'band', x: x + 2, y: y + 3 * h + 1, width: SQ - 4, height: h - 2, fill: 'rgba(255,255,255,0.5)', 'data-level': 3 }, group);
      const t = el('text', { class: 'more', x: x + 50, y: y + 3.5 * h, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, group);
      t.textContent = `+${stack.length - 3} more`;
    }
    const badge = el('text', { class: 'height-badge', x: x + SQ - 5, y: y + 16, 'text-anchor': 'end' }, group);
    badge.textContent = stack.length;
  }

  // ---- the board -----------------------------------------------------
  function squareXY(pane, sq) {
    const f = fileOf(sq) - pane.file0, r = rankOf(sq);
    const turned = flipped();
    return [(turned ? pane.files - 1 - f : f) * SQ, (turned ? r : board().ranks - 1 - r) * SQ];
  }

  function targets() {
    if (!sel || !state || drawing) return [];
    return board().legal.filter((m) => (sel.drop ? m.drop === sel.drop :
      m.from === sel.from && (!isTavreli() || !sel.k || moveK(m) === sel.k)));
  }

  function drawPane(pane, container) {
    const b = board();
    const box = html('div', { class: 'pane', 'data-pane': pane.label || 'main' }, container);
    if (pane.label) {
      const title = html('div', { class: 'pane-title', text: 'Board ' + pane.label }, box);
      html('span', { class: 'res' + (pane.result !== 'live' ? ' decided' : ''), text: pane.result, 'data-result': pane.result }, title);
      box.classList.toggle('dead', pane.result !== 'live');
      // T14: a side with no transfer from board I scores 0 on board II.
      if (pane.scoreless && pane.scoreless.length) {
        html('div', { class: 'pane-note', 'data-scoreless': pane.scoreless.join(' '),
          text: `no transfer from board I yet: ${pane.scoreless.map(colorName).join(', ')} (scores 0 here)` }, box);
      }
    }
    const svg = el('svg', { class: 'board', viewBox: `0 0 ${pane.files * SQ} ${b.ranks * SQ}`,
      'data-board': b.id, 'data-pane': pane.label || 'main' }, box);
    const defs = el('defs', {}, svg);
    const grad = el('radialGradient', { id: 'check-glow' }, defs);
    el('stop', { offset: '0%', 'stop-color': 'rgb(255,0,0)', 'stop-opacity': 0.9 }, grad);
    el('stop', { offset: '100%', 'stop-color': 'rgb(255,0,0)', 'stop-opacity': 0 }, grad);
    const squares = el('g', {}, svg);
    const marks = el('g', {}, svg);
    const pieces = el('g', {}, svg);
    const onTop = el('g', {}, svg);
    const tg = targets();
    const inPane = (sq) => sq && fileOf(sq) >= pane.file0 && fileOf(sq) < pane.file0 + pane.files;
    for (let r = 0; r < b.ranks; r++) {
      for (let lf = 0; lf < pane.files; lf++) {
        const sq = sqName(pane.file0 + lf, r);
        const [x, y] = squareXY(pane, sq);
        const dark = (lf + r) % 2 === 0;
        el('rect', { class: 'sq ' + (dark ? 'dark' : 'light'), x, y, width: SQ, height: SQ, 'data-sq': sq }, squares);
        // Coordinates: local file letters (board II's a-h too) and ranks.
        const bottom = flipped() ? r === b.ranks - 1 : r === 0;
        const left = flipped() ? lf === pane.files - 1 : lf === 0;
        if (bottom) {
          const t = el('text', { class: 'coord' + (dark ? ' on-dark' : ''), x: x + SQ - 4, y: y + SQ - 5, 'text-anchor': 'end' }, squares);
          t.textContent = String.fromCharCode(97 + lf);
        }
        if (left) {
          const t = el('text', { class: 'coord' + (dark ? ' on-dark' : ''), x: x + 4, y: y + 15 }, squares);
          t.textContent = r + 1;
        }
      }
    }
    const mark = (sq, cls) => {
      if (!inPane(sq)) return;
      const [x, y] = squareXY(pane, sq);
      el('rect', { class: cls, x, y, width: SQ, height: SQ }, marks);
    };
    if (b.last) { mark(b.last.from, 'hl-last'); mark(b.last.to, 'hl-last'); }
    const hint = !drawing && state.study && state.study.hint && state.study.viewing == null ? state.study.hint.uci : null;
    if (hint) {
      const at = hint.indexOf('@');
      if (at < 0) mark(hint.slice(0, 2), 'hl-hint');
      mark(hint.slice(at < 0 ? 2 : at + 1, at < 0 ? 4 : at + 3), 'hl-hint');
    }
    if (b.check) mark(b.check, 'hl-check');
    if (sel && sel.from && !drawing) mark(sel.from, 'hl-sel');
    for (let i = 0; i < b.squares.length; i++) {
      const stack = b.squares[i];
      if (!stack.length) continue;
      const sq = sqName(i % b.files, Math.floor(i / b.files));
      if (!inPane(sq)) continue;
      const [x, y] = squareXY(pane, sq);
      drawStack(pieces, stack, sq, x, y);
      if (b.round.includes(sq)) el('circle', { class: 'hl-round', cx: x + 10, cy: y + SQ - 10, r: 6 }, onTop);
    }
    const seen = new Set();
    for (const m of tg) {
      if (!inPane(m.to) || seen.has(m.to)) continue;
      seen.add(m.to);
      const [x, y] = squareXY(pane, m.to);
      if (stackAt(m.to).length) {
        el('circle', { class: 'hl-capture', cx: x + 50, cy: y + 50, r: 46, 'data-target': m.to }, onTop);
      } else {
        el('circle', { class: 'hl-target', cx: x + 50, cy: y + 50, r: 15, 'data-target': m.to }, onTop);
      }
    }
    if (!drawing) svg.addEventListener('pointerdown', onBoardDown);
  }

  function drawReserve(color, parent) {
    const b = board();
    const box = html('div', { class: 'reserve', 'data-reserve': color }, parent);
    if (!b.reserves) { box.hidden = true; return; }
    html('span', { class: 'label', text: color === 'white' ? 'White holds' : 'Black holds' }, box);
    const hand = b.reserves[color] || {};
    const c = color === 'white' ? 'w' : 'b';
    for (const [k, n] of Object.entries(hand)) {
      const span = html('span', { class: 'hand' + (!drawing && sel && sel.drop === k && sel.color === c ? ' selected' : ''),
        'data-drop': k, 'data-color': c, title: `${n} ${NAMES[k]}${n > 1 ? 's' : ''} in hand` }, box);
      span.appendChild(pieceSvg({ c, k }));
      html('span', { class: 'count', text: n }, span);
      if (!drawing) span.addEventListener('pointerdown', onHandDown);
    }
  }

  function drawClock(color, parent) {
    const c = html('div', { class: 'clock', 'data-clock': color, 'data-board': drawing ? drawing.index : 0 }, parent);
    c.hidden = !state.clocks;
    return c;
  }

  // A board with its clocks and reserves: the person's (view null) or,
  // in team games, another one (view {b, flipped, index}), drawn to look.
  function drawGroup(root, view) {
    drawing = view;
    try {
      const b = board();
      const group = html('div', { class: 'group' + (b.panes.length > 1 ? ' tranzit' : '') }, root);
      const top = flipped() ? 'white' : 'black';
      const bottom = flipped() ? 'black' : 'white';
      drawClock(top, group);
      drawReserve(top, group);
      const panes = html('div', { class: 'panes' }, group);
      for (const pane of b.panes) drawPane(pane, panes);
      drawReserve(bottom, group);
      drawClock(bottom, group);
    } finally {
      drawing = null;
    }
  }

  const team = () => (state.team && window.vsadnikTeam ? window.vsadnikTeam : null);

  function render() {
    if (!state) return;
    const root = $('boards');
    root.textContent = '';
    if (team()) team().render(root, state, drawGroup); else drawGroup(root, null);
    renderClocks();
    renderSide();
    if (team()) team().renderSide(state);
    else { $('team').hidden = true; $('btn-analysis').disabled = false; }
  }

  // ---- the side panel ------------------------------------------------
  const colorName = (c) => (c === 'white' ? 'White' : 'Black');

  function renderSide() {
    const s = state;
    $('title').textContent = s.variant;
    const engine = s.engine.name;
    let status;
    document.body.classList.toggle('watching', !!s.watch);
    if (s.watch) status = watchStatus(s);
    else if (s.turn === 'over') status = 'Game over';
    else if (s.analysis) status = `Analysis — ${colorName(s.to_move)} to move`;
    else if (s.turn === 'person') status = s.side === 'both' ? `${colorName(s.to_move)} to move` : `Your move (${colorName(s.to_move)})`;
    else status = `${engine} is thinking (${colorName(s.to_move)})`;
    if (s.boards[0].check && s.turn !== 'over') status += ' — check';
    $('status').textContent = status;
    $('status').setAttribute('data-turn', s.turn);

    const series = $('series');
    series.hidden = !s.series;
    if (s.series) {
      const se = s.series;
      series.textContent = `Series ${se.number} (${colorName(se.color)}): move ${Math.min(se.played + 1, se.length)} of ${se.length}`;
      series.setAttribute('data-number', se.number);
      series.setAttribute('data-played', se.played);
    }
    const result = $('result');
    result.hidden = !s.result;
    if (s.result) result.textContent = `${s.result.result} — ${s.result.comment}`;

    $('btn-analysis').setAttribute('aria-pressed', s.analysis ? 'true' : 'false');
    $('btn-resign').disabled = !!s.result;
    $('btn-takeback').disabled = !s.moves.length;
    const level = s.engine.level && s.engine.level !== 'full' ? ` at ${s.engine.level}` : '';
    $('engine-name').textContent = engine + level;
    $('engine-status').textContent = `(${s.engine.status})`;
    if (s.engine.notice && s.engine.notice !== lastNotice) showMessage(s.engine.notice);
    lastNotice = s.engine.notice;

    renderMoves();
    renderStudy();
    renderThinking();
    renderTower();
    renderWatch();
    const v = $('ng-variant');
    if (!v.options.length) {
      for (const name of s.variants) html('option', { value: name, text: name }, v);
    }
  }

  function renderMoves() {
    const list = $('moves');
    list.textContent = '';
    const rows = new Map();
    state.moves.forEach((m, i) => {
      if (!rows.has(m.n)) rows.set(m.n, []);
      const turns = rows.get(m.n);
      let turn = turns.find((t) => t.color === m.color);
      if (!turn) { turn = { color: m.color, moves: [] }; turns.push(turn); }
      turn.moves.push({ m, i });
    });
    const last = state.moves.length - 1;
    const study = state.study;
    const review = study && study.review;
    for (const [n, turns] of rows) {
      const li = html('li', {}, list);
      html('span', { class: 'num', text: n + '.' }, li);
      if (turns[0].color === 'black' && !state.series) html('span', { class: 'turn', text: '…' }, li);
      for (const t of turns) {
        const span = html('span', { class: 'turn ' + t.color }, li);
        for (const { m, i } of t.moves) {
          const mk = review && review.marks[i];
          const shown = study && study.viewing != null ? study.viewing - 1 : last;
          const node = html('span', { class: 'mv ' + m.color + (i === shown ? ' last' : '') + (mk ? ' ' + MARK_CLASS[mk] : ''),
            text: m.text + (mk || ''), 'data-uci': m.uci, 'data-ply': i }, span);
          if (mk && review.better[i]) node.title = `${MARK_NAME[mk]}: ${review.better[i]} was best`;
          node.addEventListener('click', () => post('view', { ply: i + 1 }));
        }
      }
    }
    if (!study || study.viewing == null) list.scrollTop = list.scrollHeight;
  }

  // ---- the review: the evaluation graph ---------------------------------
  const MARK_CLASS = { '?!': 'mark-inaccuracy', '?': 'mark-mistake', '??': 'mark-blunder' };
  const MARK_NAME = { '?!': 'Inaccuracy', '?': 'Mistake', '??': 'Blunder' };
  const GW = 400, GH = 120;

  function renderStudy() {
    const study = state.study;
    const review = study && study.review;
    const viewing = study ? study.viewing : null;
    $('review').hidden = !review && viewing == null;
    $('btn-back').hidden = viewing == null;
    $('btn-review').disabled = !state.moves.length || !!state.team;
    $('btn-hint').disabled = state.turn !== 'person' || !!state.team || viewing != null;
    const hint = study && study.hint;
    $('review-line').textContent = viewing != null ? `Position after ${viewing} move${viewing === 1 ? '' : 's'}` : '';
    if (hint && viewing == null) $('review-line').textContent = `Hint: ${hint.text}` + (hint.score ? ` (${scoreText(hint.score)})` : '');
    $('review-line').setAttribute('data-hint', hint ? hint.uci : '');
    const g = $('graph');
    g.textContent = '';
    if (!review) { $('review-status').textContent = ''; return; }
    const counts = { '?!': 0, '?': 0, '??': 0 };
    review.marks.forEach((m) => { if (m) counts[m] += 1; });
    $('review-status').textContent = review.done < review.total
      ? `(${review.done}/${review.total} positions)`
      : `(${counts['??']} blunders, ${counts['?']} mistakes, ${counts['?!']} inaccuracies)`;
    $('review-status').setAttribute('data-done', review.done === review.total ? 'yes' : 'no');
    const n = review.total;
    const x = (i) => (n <= 1 ? GW / 2 : (i * GW) / (n - 1));
    const y = (c) => GH / 2 - (c * (GH / 2 - 4));
    el('rect', { class: 'graph-bg', x: 0, y: 0, width: GW, height: GH }, g);
    let area = '';
    review.chances.forEach((c, i) => {
      if (c == null) return;
      area += (area ? ' L' : 'M') + ` ${x(i).toFixed(1)} ${y(c).toFixed(1)}`;
    });
    if (area) {
      const firstX = x(review.chances.findIndex((c) => c != null));
      const lastX = x(review.chances.length - 1 - [...review.chances].reverse().findIndex((c) => c != null));
      el('path', { class: 'graph-area', d: `M ${firstX.toFixed(1)} ${GH / 2}` + area.replace(/^M/, ' L') + ` L ${lastX.toFixed(1)} ${GH / 2} Z` }, g);
      el('path', { class: 'graph-line', d: area }, g);
    }
    el('line', { class: 'graph-mid', x1: 0, y1: GH / 2, x2: GW, y2: GH / 2 }, g);
    const shown = viewing != null ? viewing : state.moves.length;
    el('line', { class: 'graph-now', x1: x(shown), y1: 0, x2: x(shown), y2: GH }, g);
    review.marks.forEach((m, i) => {
      const c = review.chances[i + 1];
      if (!m || c == null) return;
      el('circle', { class: 'graph-mark ' + MARK_CLASS[m], cx: x(i + 1), cy: y(c), r: 4, 'data-ply': i + 1 }, g);
    });
    // One clickable column per position.
    for (let i = 0; i < n; i++) {
      const w = n <= 1 ? GW : GW / (n - 1);
      const col = el('rect', { class: 'graph-hit', x: Math.max(0, x(i) - w / 2), y: 0, width: w, height: GH, 'data-ply': i }, g);
      col.addEventListener('click', () => post('view', { ply: i }));
    }
  }

  function scoreText(score) {
    if (!score) return '';
    if (score.mate != null) return (score.mate > 0 ? '#' : '#-') + Math.abs(score.mate);
    const v = score.cp / 100;
    return (v > 0 ? '+' : '') + v.toFixed(2);
  }

  function renderThinking() {
    const box = $('thinking');
    const t = thinking;
    box.hidden = !t && !state.analysis;
    $('th-engine').textContent = state.analysis ? '(analysis)' : '';
    if (!t) {
      $('th-line').textContent = state.analysis ? 'thinking…' : '';
      $('th-line').removeAttribute('data-depth');
      $('th-pv').textContent = '';
      return;
    }
    const parts = [];
    if (t.depth != null) parts.push(`depth ${t.depth}`);
    if (t.score) parts.push(scoreText(t.score));
    if (t.nodes != null) parts.push(`${t.nodes.toLocaleString('en')} nodes`);
    if (t.time != null) parts.push(`${(t.time / 1000).toFixed(1)} s`);
    $('th-line').textContent = parts.join(' · ');
    $('th-line').setAttribute('data-depth', t.depth == null ? '' : t.depth);
    $('th-pv').textContent = t.pv.join(' ');
  }

  function renderTower() {
    const box = $('tower');
    const stack = isTavreli() && towerSq ? stackAt(towerSq) : [];
    box.hidden = stack.length < 2;
    if (box.hidden) return;
    $('tower-title').textContent = `Tower on ${towerSq} (${stack.length} pieces, top first)`;
    const ol = $('tower-levels');
    ol.textContent = '';
    const own = canMoveFrom(towerSq);
    stack.forEach((p, i) => {
      const li = html('li', { 'data-level': i, class: (own ? 'own' : '') + (sel && sel.from === towerSq && i < (sel.k || 0) ? ' chosen' : '') }, ol);
      const icon = pieceSvg(p);
      icon.setAttribute('width', '22'); icon.setAttribute('height', '22');
      li.appendChild(icon);
      li.appendChild(document.createTextNode(' ' + describe(p)));
      if (own) li.addEventListener('click', () => chooseLevel(towerSq, i));
    });
  }

  // ---- watching a match game -------------------------------------------
  function watchStatus(s) {
    const w = s.watch;
    if (w.round == null) return w.status === 'over' ? 'The match is over' : `Waiting for a game in ${w.file}`;
    const game = `Game ${w.round}${w.games ? ' of ' + w.games : ''}`;
    if (s.turn === 'over') return `${game}: over`;
    return `${game}: ${colorName(s.to_move)} to move`;
  }

  function renderWatch() {
    const w = state.watch;
    const box = $('watch');
    box.hidden = !w;
    if (!w) return;
    const shown = (w.boards || []).find((b) => b.id === w.shown);
    $('watch-title').textContent = shown ? `${shown.white} (White) vs ${shown.black} (Black)` : 'Watching a match';
    $('watch-line').textContent = `${w.file} · match ${w.status}${w.tc ? ' · ' + w.tc : ''}`;
    const boards = $('watch-boards');
    boards.textContent = '';
    if ((w.boards || []).length > 1) {
      for (const b of w.boards) {
        const btn = html('button', { type: 'button', 'data-board': b.id, 'aria-pressed': b.id === w.shown ? 'true' : 'false',
          text: `Board ${b.id}: ${b.white} – ${b.black}${b.last ? ' · ' + b.last : ''}` }, boards);
        btn.addEventListener('click', () => post('board', { board: b.id }));
      }
    }
    const list = $('watch-finished');
    list.textContent = '';
    for (const f of (w.finished || []).slice(-8).reverse()) {
      html('li', { 'data-round': f.round, text: `${f.round}. ${f.white} – ${f.black} ${f.result} {${f.comment}}` }, list);
    }
    $('watch-finished-title').hidden = !list.children.length;
  }

  // ---- clocks --------------------------------------------------------
  function fmt(ms) {
    if (ms <= 0) return '0:00.0';
    const s = ms / 1000;
    const m = Math.floor(s / 60);
    if (s < 10) return `${m}:0${s.toFixed(1)}`;
    const rest = Math.floor(s % 60);
    return `${m}:${rest < 10 ? '0' : ''}${rest}`;
  }

  function renderClocks() {
    if (!state || !state.clocks) return;
    const now = performance.now();
    for (const c of document.querySelectorAll('[data-clock]')) {
      const color = c.getAttribute('data-clock');
      const bi = parseInt(c.getAttribute('data-board') || '0', 10);
      const clocks = state.team ? state.boards[bi].clocks : state.clocks;
      let ms = clocks[color];
      const running = clocks.running === color;
      if (running) ms -= now - stateAt;
      c.textContent = fmt(ms);
      let who = state.players ? state.players[color] :
        color === state.engine.color ? state.engine.name : (state.side === 'both' ? colorName(color) : 'you');
      if (state.team) who = bi === 0 && color === state.side ? 'you' : state.boards[bi].players[color];
      html('span', { class: 'who', text: `${colorName(color)} · ${who}` }, c);
      c.classList.toggle('running', running);
      c.classList.toggle('low', ms < 10000);
    }
  }
  setInterval(renderClocks, 100);

  // ---- choosing and moving -------------------------------------------
  function canMoveFrom(sq) {
    return state && board().legal.some((m) => m.from === sq);
  }

  function chooseLevel(sq, level) {
    sel = { from: sq, k: level + 1 };
    towerSq = sq;
    render();
  }

  function pointSquare(x, y) {
    const hit = document.elementFromPoint(x, y);
    const n = hit && hit.closest('[data-sq]');
    // Only the person's board takes moves (team games show two).
    const svg = n && n.closest('svg.board');
    if (!n || (svg && svg.getAttribute('data-board') !== state.boards[0].id)) return null;
    return n.getAttribute('data-sq');
  }

  function onBoardDown(e) {
    if (e.button !== 0 || !state) return;
    const node = e.target.closest('[data-sq]');
    if (!node) return;
    const sq = node.getAttribute('data-sq');
    const levelNode = e.target.closest('[data-level]');
    const level = levelNode ? parseInt(levelNode.getAttribute('data-level'), 10) : 0;
    if (stackAt(sq).length > 1) towerSq = sq;
    // A second click on a target square plays the move.
    if (sel && targets().some((m) => m.to === sq) && !(sel.from === sq)) {
      e.preventDefault();
      tryMove(sq);
      return;
    }
    if (canMoveFrom(sq)) {
      e.preventDefault();
      const stack = stackAt(sq);
      const k = isTavreli() ? Math.min(level + 1, stack.length) : null;
      const same = sel && sel.from === sq && sel.k === k;
      sel = { from: sq, k };
      startDrag(e, stack.slice(0, k || 1), same);
      render();
      return;
    }
    sel = null;
    render();
  }

  function onHandDown(e) {
    if (e.button !== 0 || !state) return;
    const node = e.currentTarget;
    const k = node.getAttribute('data-drop');
    const c = node.getAttribute('data-color');
    if (!board().legal.some((m) => m.drop === k)) {
      showMessage(state.turn === 'person' ? `no legal drop of a ${NAMES[k]} here` : 'it is not your move');
      return;
    }
    e.preventDefault();
    sel = { drop: k, color: c };
    startDrag(e, [{ c, k }], false);
    render();
  }

  function startDrag(e, pieces, again) {
    const ghost = el('svg', { class: 'ghost', viewBox: '0 0 100 100' });
    pieceNode(pieces[0], 0, 0, SQ, ghost);
    ghost.style.left = e.clientX + 'px';
    ghost.style.top = e.clientY + 'px';
    ghost.style.display = 'none';
    document.body.appendChild(ghost);
    drag = { x: e.clientX, y: e.clientY, ghost, moved: false, again };
  }

  document.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 5) {
      drag.moved = true;
      drag.ghost.style.display = 'block';
    }
    drag.ghost.style.left = e.clientX + 'px';
    drag.ghost.style.top = e.clientY + 'px';
  });

  document.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    d.ghost.remove();
    if (!d.moved) {
      // A click: the piece stays chosen; a second click on it lets go.
      if (d.again && sel && !sel.drop) { sel = null; render(); }
      return;
    }
    const sq = pointSquare(e.clientX, e.clientY);
    if (sq && sel && targets().some((m) => m.to === sq)) tryMove(sq);
    else { sel = null; render(); }
  });

  function tryMove(to) {
    const options = targets().filter((m) => m.to === to);
    if (!options.length) return;
    const promos = options.filter((m) => m.promo);
    if (promos.length > 1 || (promos.length === 1 && options.length > 1)) {
      askPromotion(options);
      return;
    }
    sendMove(options[0].uci);
  }

  function askPromotion(options) {
    pendingPromotion = options;
    const box = $('promotion-choices');
    box.textContent = '';
    const c = state.to_move === 'white' ? 'w' : 'b';
    for (const m of options) {
      const k = (m.promo || '').toUpperCase();
      const b = html('button', { type: 'button', 'data-promo': m.promo || '', title: m.promo ? NAMES[k] : 'no promotion' }, box);
      if (m.promo) b.appendChild(pieceSvg({ c, k })); else b.textContent = '—';
      b.addEventListener('click', () => { $('promotion').hidden = true; pendingPromotion = null; sendMove(m.uci); });
    }
    $('promotion').hidden = false;
  }
  $('promotion-cancel').addEventListener('click', () => {
    $('promotion').hidden = true; pendingPromotion = null; sel = null; render();
  });

  // ---- talking to the server -----------------------------------------
  function showMessage(text) {
    const m = $('message');
    m.textContent = text;
    m.hidden = !text;
  }

  async function post(command, body) {
    let r;
    try {
      r = await fetch('/api/' + command + seatQuery, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body || {}) });
    } catch (err) {
      showMessage('the server cannot be reached');
      return null;
    }
    let doc = null;
    try { doc = await r.json(); } catch (err) { doc = null; }
    if (!r.ok) {
      showMessage((doc && doc.error) || `the server answered ${r.status}`);
      return null;
    }
    showMessage('');
    if (doc) onState(doc);
    return doc;
  }

  function sendMove(uci) {
    sel = null;
    post('move', { move: uci }).then((doc) => { if (!doc) render(); });
  }

  // Whether the person's choice `s` (a piece, or a piece in hand) still
  // stands when the state `old` gives way to `doc`: the piece is there,
  // the same, on the person's board (or still in hand, for a drop), and
  // still has a legal move. Anything else may change meanwhile (the
  // partner's board in team games, clocks, messages) without cancelling
  // a choice or a drag under way.
  function selectionStands(s, old, doc) {
    if (!s || !old || doc.variant !== old.variant) return false;
    const was = old.boards[0], now = doc.boards[0];
    if (was.id !== now.id || was.files !== now.files || was.ranks !== now.ranks) return false;
    if (s.drop) {
      const hand = now.reserves && now.reserves[s.color === 'w' ? 'white' : 'black'];
      return !!hand && hand[s.drop] > 0 && now.legal.some((m) => m.drop === s.drop);
    }
    const i = rankOf(s.from) * now.files + fileOf(s.from);
    return JSON.stringify(was.squares[i]) === JSON.stringify(now.squares[i]) &&
      now.legal.some((m) => m.from === s.from);
  }

  function onState(doc) {
    if (state && doc.version < state.version) return;
    const old = state;
    state = doc;
    // The clocks hold at doc.clocks.at (ms since 1970, this machine's clock).
    const age = doc.clocks && doc.clocks.at ? Math.max(0, Date.now() - doc.clocks.at) : 0;
    stateAt = performance.now() - age;
    if (doc.thinking_seq > thinkingSeq) {
      thinking = doc.thinking;
      thinkingSeq = doc.thinking_seq;
    }
    if (!selectionStands(sel, old, doc)) sel = null;
    if (towerSq && stackAt(towerSq).length < 2) towerSq = null;
    window.vsadnikState = state;
    render();
  }

  function onThinking(doc) {
    if (doc.seq <= thinkingSeq) return;
    thinking = doc;
    thinkingSeq = doc.seq;
    if (state) renderThinking();
  }

  // The state as it is now (at the start, and whenever the stream opens
  // again: what was published while it was down is not replayed).
  function refresh() {
    fetch('/api/state' + seatQuery)
      .then((r) => r.json().catch(() => ({})).then((doc) => {
        if (r.ok) return onState(doc);
        showMessage(doc.error || `the server answered ${r.status}`);
      }))
      .catch(() => showMessage('the server cannot be reached'));
  }

  // The event stream. After any error (the server gone, or a stream
  // refused with 503, which an EventSource never retries by itself) it is
  // closed and opened anew after a wait that doubles from half a second
  // to eight; once open, the wait starts again and the state is fetched.
  const RETRY_FIRST = 500, RETRY_MAX = 8000;
  let stream = null;
  let retry = RETRY_FIRST;
  function connect() {
    const es = new EventSource('/api/events' + seatQuery);
    stream = es;
    es.addEventListener('state', (e) => onState(JSON.parse(e.data)));
    es.addEventListener('thinking', (e) => onThinking(JSON.parse(e.data)));
    es.onopen = () => {
      retry = RETRY_FIRST;
      $('connection').textContent = 'connected';
      $('connection').classList.remove('down');
      refresh();
    };
    es.onerror = () => {
      es.close();
      if (stream !== es) return;
      stream = null;
      $('connection').textContent = 'reconnecting…';
      $('connection').classList.add('down');
      setTimeout(connect, retry);
      retry = Math.min(2 * retry, RETRY_MAX);
    };
  }

  // ---- controls --------------------------------------------------------
  $('btn-new').addEventListener('click', () => {
    const f = $('newgame');
    f.hidden = !f.hidden;
    if (!f.hidden && state) {
      $('ng-variant').value = state.variant;
      $('ng-side').value = state.side;
      if (state.team) $('ng-board').value = state.team.board;
      if (state.clocks) $('ng-tc').value = state.clocks.tc;
      const level = state.engine.level;
      const choice = $('ng-level');
      if (level && ![...choice.options].some((o) => o.value === level)) choice.add(new Option(level, level));
      if (level) choice.value = level;
      levelRow();
    }
  });
  // Levels are for two-player games: team games play at full strength.
  const levelRow = () => {
    const team = state && (state.team_variants || []).includes($('ng-variant').value);
    $('ng-level-row').hidden = !!team;
    $('ng-board-row').hidden = !team;
    $('ng-960-row').hidden = !(state && (state.chess960_variants || []).includes($('ng-variant').value));
  };
  $('ng-variant').addEventListener('change', levelRow);
  $('ng-cancel').addEventListener('click', () => { $('newgame').hidden = true; });
  $('newgame').addEventListener('submit', (e) => {
    e.preventDefault();
    const body = { variant: $('ng-variant').value, side: $('ng-side').value, tc: $('ng-tc').value.trim() };
    const fen = $('ng-fen').value.trim();
    if (fen) body.fen = fen;
    if (!$('ng-level-row').hidden) body.level = $('ng-level').value;
    if (!$('ng-board-row').hidden) body.board = $('ng-board').value;
    if (!$('ng-960-row').hidden && $('ng-960').checked && !fen) body.chess960 = true;
    post('new', body).then((doc) => { if (doc) $('newgame').hidden = true; });
  });
  $('btn-takeback').addEventListener('click', () => post('takeback'));
  $('btn-resign').addEventListener('click', () => post('resign'));
  $('btn-flip').addEventListener('click', () => post('flip'));
  $('btn-analysis').addEventListener('click', () => post('analysis', { on: !(state && state.analysis) }));
  $('btn-review').addEventListener('click', () => post('review'));
  $('btn-hint').addEventListener('click', () => post('hint'));
  $('btn-back').addEventListener('click', () => post('view', { ply: null }));
  $('load-go').addEventListener('click', () => {
    const text = $('load-text').value.trim();
    if (!text) return;
    const pgn = text.startsWith('[') || /^\d+\s*\./.test(text);
    post('load', pgn ? { pgn: text } : { fen: text });
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { sel = null; $('promotion').hidden = true; render(); }
  });

  window.vsadnikPage = { html, post, showMessage, seat: seatKey };
  $('btn-pgn').href = '/api/pgn' + seatQuery;
  refresh();
  connect();
  // A seat link's page takes its seat (again, after a reload), under the
  // name this browser last gave.
  if (seatKey) post('join', savedName() ? { name: savedName() } : {});
  function savedName() {
    try { return localStorage.getItem('vsadnik-name') || ''; } catch (err) { return ''; }
  }
})();
