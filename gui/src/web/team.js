// vsadnik gui: the team games (bughouse, Swedish chess). The player's
// board at the left, the partner's beside it (the partner's colour at the
// bottom, as partners sit side by side); the seats, with a link for each
// on the host's page (a friend opening it in another browser takes that
// seat); the partner panel with the usual bughouse requests and the
// messages both ways. app.js draws the boards (drawGroup) and moves
// pieces; this file arranges them and talks.
'use strict';
(() => {
  const PIECES = [['p', 'pawn'], ['n', 'knight'], ['b', 'bishop'], ['r', 'rook'], ['q', 'queen']];
  // The requests engines understand (docs/team_play.md), one token each.
  const ROWS = [
    ['Need', '++', (n) => `I need a ${n}: get me one (++)`],
    ['Mates', '+++', (n) => `a ${n} in my hand mates at once (+++)`],
    ['Bad', '--', (n) => `a ${n} is very bad for me: don't lose one (--)`],
  ];
  const WORDS = [
    ['sit', 'Sit', 'do not move until I say go'],
    ['go', 'Go', 'move now (ends a sit)'],
    ['x', 'Forget', 'forget my requests: normal piece values'],
  ];
  let built = false;

  const page = () => window.vsadnikPage;
  const $ = (id) => document.getElementById(id);
  const colorName = (c) => (c === 'white' ? 'White' : 'Black');

  function tell(text) {
    return page().post('tell', { text });
  }

  // The buttons, made once.
  function build() {
    const { html } = page();
    const box = $('tell-buttons');
    for (const [label, prefix, meaning] of ROWS) {
      const row = html('div', { class: 'tell-row' }, box);
      html('span', { class: 'tell-label', text: label }, row);
      for (const [k, name] of PIECES) {
        const b = html('button', { type: 'button', 'data-tell': prefix + k, title: meaning(name), text: k.toUpperCase() }, row);
        b.addEventListener('click', () => tell(prefix + k));
      }
    }
    const row = html('div', { class: 'tell-row' }, box);
    for (const [text, label, meaning] of WORDS) {
      const b = html('button', { type: 'button', 'data-tell': text, title: meaning, text: label }, row);
      b.addEventListener('click', () => tell(text));
    }
    $('tell-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const text = $('tell-text').value.trim();
      if (text) tell(text).then((doc) => { if (doc) $('tell-text').value = ''; });
    });
    $('team-start').addEventListener('click', () => page().post('new', {}));
    $('team-leave').addEventListener('click', () => page().post('leave', {}));
    $('team-name').addEventListener('submit', (e) => {
      e.preventDefault();
      const name = $('team-name-text').value.trim();
      if (!name) return;
      page().post('join', { name }).then((doc) => {
        if (!doc) return;
        try { localStorage.setItem('vsadnik-name', name); } catch (err) { /* not kept */ }
        $('team-name-text').value = '';
      });
    });
    built = true;
  }

  // The four seats: who plays each; on the host's page, the link of each
  // seat a friend may take.
  function renderSeats(t) {
    const { html } = page();
    const list = $('team-seats');
    list.textContent = '';
    for (const seat of t.seats) {
      const who = seat.role === 'you' ? 'you' : `${seat.role}, ${seat.status === 'person' ? 'a person' : 'engine'}`;
      const li = html('li', { class: seat.role, 'data-seat': seat.seat, 'data-status': seat.status,
        text: `${seat.seat}: ${seat.name} (${who})` }, list);
      if (seat.link && seat.status !== 'person') {
        const url = location.origin + seat.link;
        const row = html('div', { class: 'seat-link' }, li);
        const field = html('input', { type: 'text', readonly: '', value: url, 'aria-label': `link to ${seat.seat}` }, row);
        field.addEventListener('focus', () => field.select());
        const copy = html('button', { type: 'button', text: 'Copy', title: 'copy the link' }, row);
        copy.addEventListener('click', () => {
          field.select();
          if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
        });
      }
    }
    $('team-invite').hidden = !t.host || t.started && !t.seats.some((x) => x.link && x.status !== 'person');
  }

  // Both boards side by side, each titled with its players.
  function render(root, state, drawGroup) {
    const { html } = page();
    const row = html('div', { class: 'team-boards' }, root);
    state.boards.forEach((b, i) => {
      const col = html('div', { class: 'team-board' + (i === 0 ? ' mine' : ''), 'data-team-board': b.id }, row);
      const who = i === 0 ? 'you' : `your partner, ${colorName(state.team.partner.color)}`;
      html('div', { class: 'team-title', text: `Board ${b.id} — ${who}` }, col);
      drawGroup(col, i === 0 ? null : { b, flipped: b.flipped, index: i });
      if (i > 0 && b.moves.length) {
        const last = b.moves.slice(-4)
          .map((m, i) => (m.color === 'white' ? `${m.n}. ` : i === 0 ? `${m.n}… ` : '') + m.text).join(' ');
        html('div', { class: 'team-last', text: 'Last moves: ' + last }, col);
      }
    });
  }

  // The status line, the buttons that do not apply, the partner panel.
  function renderSide(state) {
    if (!built) build();
    const t = state.team;
    let status;
    document.body.classList.toggle('guest', !t.host);
    if (state.turn === 'ready') status = t.host ? 'Press Start to begin' : 'Waiting for the host to start';
    else if (state.turn === 'over') {
      const o = state.result && state.result.outcome;
      status = o === 'win' ? 'Your team wins' : o === 'loss' ? 'Your team loses' : 'Draw';
    } else if (state.turn === 'person') status = `Your move (${colorName(state.side)}, board ${t.board})`;
    else status = `${state.engine.name} to move (${colorName(state.to_move)}, board ${t.board})`;
    if (state.boards[0].check && state.turn !== 'over') status += ' — check';
    $('status').textContent = status;
    $('btn-takeback').disabled = true;
    $('btn-analysis').disabled = true;
    $('btn-resign').disabled = state.turn === 'over' || state.turn === 'ready';
    $('team').hidden = false;
    $('team-start').hidden = t.started || !t.host;
    $('team-leave').hidden = t.host || state.turn === 'person' || state.turn === 'engine';
    $('team-name').hidden = t.host;
    renderSeats(t);
    const p = t.partner;
    $('team-partner').textContent = `${p.name} (${p.seat}, ${p.status})`;
    const talks = p.protocol === 'xboard' || p.status === 'person';
    for (const b of document.querySelectorAll('#team [data-tell], #tell-form button')) b.disabled = !talks;
    $('tell-note').hidden = talks;
    const list = $('team-messages');
    list.textContent = '';
    for (const m of t.messages) {
      page().html('li', { class: 'msg ' + m.from, text: (m.from === 'you' ? 'you: ' : 'partner: ') + m.text }, list);
    }
    list.scrollTop = list.scrollHeight;
  }

  window.vsadnikTeam = { render, renderSide };
})();
