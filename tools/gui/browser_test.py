"""Browser test of `vsadnik gui`: a real Chromium (headless, driven by
Selenium) loads the page and plays a short scripted game in every
two-player variant against the engine, with the mouse only -- pieces
dragged and dropped, or clicked and clicked; reserve pieces dragged onto the
board; tranzit transfers dragged to the other board; tavreli tower levels
clicked to choose a split; the promotion chooser; the analysis panel;
(`review`) a loaded game reviewed, its blunder marked in the move list, a
click on the evaluation graph showing an earlier position, and a hint --
and a team game of bughouse and of Swedish chess (a second server: the
partner's capture dragged from the reserve onto the person's board, a
partner message sent with a button and answered), and the page's event
stream refused while every slot is taken and reconnecting by itself once
one is free, and (`swedish-live`, a third server whose four seats all
move: stub engines, board B at its human pace) a piece held on board A
for four seconds while board B plays, a click-click across a move on
board B, and a Swedish game of 20 moves by the mouse ended by Resign;
(`friends`) two people as partners in a Swedish game, each in a Chromium
of their own (the second took its seat through the link the host's page
shows; a third browser is refused it), against two vsadnik engines:
messages both ways, both playing by the mouse until the game ends
(docs/img/gui-friends.png). After each step it checks that the board on the page changed and that the engine
answered; at the end of each variant it saves a screenshot to
docs/img/gui-<variant>.png. Last, `watch`: a third server with
`--watch FILE` follows a bughouse `vsadnik match --live FILE` (the page
follows the moves, is read-only, and switches to board B when asked;
docs/img/gui-watch.png).

Needs: Debian's chromium and chromium-driver (/usr/bin/chromium,
/usr/bin/chromedriver; CHROMIUM and CHROMEDRIVER name others), Python
selenium (Debian's python3-selenium, or pip install -r tools/requirements.txt),
and a built binary (cargo build --release; tools/vsadnik.py finds it unless
--binary names one). The machine needs no network: the page and everything
it uses come from the binary.

    python3 -m tools.gui.browser_test [--binary target/release/vsadnik]
        [--out docs/img] [--variants chess,tavreli,watch] [--skip-if-missing]

Exit status 0 when every variant passed, 1 otherwise (the failing step is
named on standard error, with the page's console messages). When the
browser, its driver or selenium is missing the test fails, unless
--skip-if-missing is given: then it prints why it skips and exits 0.
"""
import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from tools import REPO, vsadnik

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    SELENIUM_ERROR = None
except ImportError as e:  # reported by missing_tools()
    SELENIUM_ERROR = str(e)

VARIANTS = ["chess", "review", "reconnect", "crazyhouse", "tranzit", "progressive-italian",
            "progressive-scottish", "progressive-english", "tavreli", "bughouse", "swedish",
            "swedish-live", "friends", "watch"]
TEAM = ("bughouse", "swedish")
LIVE_TEAM = ("swedish-live",)
FRIENDS = ("friends",)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
WAIT = 30  # seconds for any one wait


class Failure(Exception):
    pass


class Server:
    """`vsadnik gui --port 0 ARGS` as a child process; ends when its input
    closes. The stub engines it starts find the same binary, their rules
    oracle, and the `tools` package (tools/stub_engines/README.md)."""

    def __init__(self, binary, args):
        self.proc = vsadnik.start(binary, ["gui", "--port", "0"] + args, text=True,
                                  env=dict(os.environ, VSADNIK_BIN=binary, PYTHONPATH=REPO))
        line = self.proc.stdout.readline()
        prefix = "vsadnik gui: "
        if not line.startswith(prefix):
            raise Failure(f"first line of vsadnik gui: {line!r}")
        self.url = line[len(prefix):].strip()

    def stop(self):
        self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Failure("vsadnik gui did not end at the end of its input")


class Page:
    """The board page in Chromium, with the moves a person makes."""

    def __init__(self, url):
        self.profile = tempfile.mkdtemp(prefix="vsadnik-chromium-")
        opts = webdriver.ChromeOptions()
        for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1320,900",
                  "--user-data-dir=" + self.profile]:
            opts.add_argument(a)
        opts.binary_location = CHROMIUM
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(CHROMEDRIVER)
        self.d = webdriver.Chrome(options=opts, service=service)
        self.d.set_page_load_timeout(WAIT)
        self.goto(url)

    def goto(self, url):
        self.d.get(url)
        self.wait("the page draws the board", lambda: self.state() is not None
                  and self.d.find_elements(By.CSS_SELECTOR, "rect.sq"))

    def close(self):
        self.d.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- reading the page ----------------------------------------------
    def state(self):
        return self.d.execute_script("return window.vsadnikState || null")

    def wait(self, what, cond, timeout=WAIT):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                v = cond()
            except Exception:  # a node replaced while read
                v = None
            if v:
                return v
            time.sleep(0.05)
        raise Failure("timed out waiting until " + what)

    def legal(self):
        return [m["uci"] for m in self.state()["boards"][0]["legal"]]

    def piece_on(self, sq):
        """The pieces drawn on `sq` (top first) as letters, upper case White."""
        return self.d.execute_script("""
            const s = window.vsadnikState, b = s.boards[0];
            const sq = arguments[0];
            const f = sq.charCodeAt(0) - 97, r = parseInt(sq.slice(1)) - 1;
            const drawn = document.querySelector(`g.piece[data-sq="${sq}"]`);
            if (!drawn) return '';
            return b.squares[r * b.files + f].map(p => p.c === 'w' ? p.k : p.k.toLowerCase()).join('');
        """, sq)

    def moves_text(self):
        return self.d.find_element(By.ID, "moves").text

    def status(self):
        return self.d.find_element(By.ID, "status").text

    def wait_person(self):
        """Until it is the person's move (the engine has answered)."""
        self.wait("the person's move", lambda: self.state()["turn"] in ("person", "over")
                  and self.state()["engine"]["status"] != "thinking")
        return self.state()

    # -- the mouse -----------------------------------------------------
    def square(self, sq):
        return self.d.find_element(By.CSS_SELECTOR, f'rect.sq[data-sq="{sq}"]')

    def level(self, sq, level):
        return self.d.find_element(By.CSS_SELECTOR, f'g.piece[data-sq="{sq}"] rect[data-level="{level}"]')

    def click(self, element):
        ActionChains(self.d).move_to_element(element).click().perform()

    @staticmethod
    def centre(element):
        r = element.rect
        return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2

    def drag(self, source, target):
        """Presses on `source`, moves in steps to `target`, lets go. The
        page redraws the board when a piece is picked up, so the target's
        place is measured before."""
        (sx, sy), (tx, ty) = self.centre(source), self.centre(target)
        chain = ActionChains(self.d).move_to_element(source).click_and_hold()
        steps = 4
        for i in range(steps):
            chain.move_by_offset(round((tx - sx) / steps), round((ty - sy) / steps))
        chain.release().perform()

    # -- the mouse at places (the board is redrawn on every state: a place
    # -- stays where it is, an element found before may be gone) ---------
    def place(self, css):
        """The centre of the first element matching `css`, in the
        viewport, scrolled into view."""
        x, y = self.d.execute_script("""
            const n = document.querySelector(arguments[0]);
            n.scrollIntoView({block: 'nearest', inline: 'nearest'});
            const r = n.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];""", css)
        return round(x), round(y)

    def press(self, at):
        """Presses the button at `at` and moves a little (a drag begins)."""
        ab = ActionBuilder(self.d, duration=50)
        ab.pointer_action.move_to_location(*at).pointer_down().move_to_location(at[0], at[1] - 12)
        ab.perform()

    def release(self, start, at):
        """Moves in steps from `start` to `at` and lets go there."""
        ab = ActionBuilder(self.d, duration=50)
        for i in range(1, 5):
            ab.pointer_action.move_to_location(round(start[0] + (at[0] - start[0]) * i / 4),
                                               round(start[1] + (at[1] - start[1]) * i / 4))
        ab.pointer_action.pointer_up()
        ab.perform()

    def click_at(self, at):
        ab = ActionBuilder(self.d, duration=50)
        ab.pointer_action.move_to_location(*at).click()
        ab.perform()

    def button(self, ident):
        self.d.find_element(By.ID, ident).click()

    # -- moves ---------------------------------------------------------
    def _played(self, uci, count):
        s = self.state()
        return len(s["moves"]) > count and s["moves"][count]["uci"] == uci

    def move(self, uci, how="drag", level=None):
        """Makes the move `uci` with the mouse; checks the server took it."""
        count = len(self.state()["moves"])
        if uci not in self.legal():
            raise Failure(f"{uci} is not in the page's legal moves {self.legal()}")
        if "@" in uci:
            kind, to = uci.split("@")
            color = "w" if self.state()["to_move"] == "white" else "b"
            hand = self.d.find_element(By.CSS_SELECTOR, f'.hand[data-drop="{kind}"][data-color="{color}"]')
            self.drag(hand, self.square(to))
        else:
            frm, to = uci[:2], uci[-2:] if uci[-1].isdigit() else uci[-3:-1]
            if "(" in uci:
                k = int(uci[uci.index("(") + 1:uci.index(")")])
                level = k - 1
            source = self.level(frm, level) if level is not None else self.square(frm)
            if how == "drag":
                self.drag(source, self.square(to))
            else:
                self.click(source)
                self.wait(f"targets of {frm}", lambda: self.d.find_elements(
                    By.CSS_SELECTOR, f'[data-target="{to}"]'))
                self.click(self.square(to))
            if len(uci) == 5 and uci[-1].isalpha() and "(" not in uci:
                self.wait("the promotion chooser", lambda: self.d.find_element(
                    By.ID, "promotion").is_displayed())
                self.click(self.d.find_element(By.CSS_SELECTOR, f'#promotion-choices [data-promo="{uci[-1]}"]'))
        return self.played(uci, count)

    def played(self, uci, count):
        """Waits until `uci` is move number `count` (from 0) of the game."""
        self.wait(f"{uci} on the board", lambda: self._played(uci, count))
        return self.state()

    def new_game(self, variant, side="white", tc="300+3", fen=""):
        self.button("btn-new")
        self.wait("the new-game form", lambda: self.d.find_element(By.ID, "newgame").is_displayed())
        Select(self.d.find_element(By.ID, "ng-variant")).select_by_value(variant)
        Select(self.d.find_element(By.ID, "ng-side")).select_by_value(side)
        for ident, value in (("ng-tc", tc), ("ng-fen", fen)):
            box = self.d.find_element(By.ID, ident)
            box.clear()
            if value:
                box.send_keys(value)
        self.button("ng-start")
        self.wait(f"a new {variant} game", lambda: self.state()["variant"] == variant
                  and not self.state()["moves"] and not self.d.find_element(By.ID, "newgame").is_displayed())

    def shot(self, out, variant):
        path = os.path.join(out, f"gui-{variant}.png")
        self.d.execute_script("document.activeElement && document.activeElement.blur()")
        time.sleep(0.3)
        self.d.save_screenshot(path)
        return path

    def console_errors(self):
        return [e for e in self.d.get_log("browser") if e.get("level") == "SEVERE"]


def pick(page, preferred):
    """The first of `preferred` that is legal, else the first legal move."""
    legal = page.legal()
    for m in preferred:
        if m in legal:
            return m
    return legal[0]


def expect(cond, what):
    if not cond:
        raise Failure(what)


# -- the games --------------------------------------------------------
def play_chess(page, out):
    page.new_game("chess")
    page.move("e2e4", "drag")
    expect(page.piece_on("e4") == "P" and page.piece_on("e2") == "", "e4 drawn, e2 empty")
    page.wait_person()
    expect(len(page.state()["moves"]) == 2, "the engine answered")
    page.move(pick(page, ["g1f3"]), "click")
    page.wait_person()
    page.move(pick(page, ["f1c4", "f1b5", "d2d4"]), "drag")
    page.wait_person()
    expect("Nf3" in page.moves_text(), "the move list in SAN: " + page.moves_text())
    page.button("btn-analysis")
    page.wait("an engine line", lambda: page.d.find_element(By.ID, "th-line").get_attribute("data-depth"))
    expect(page.d.find_element(By.ID, "th-pv").text.strip(),
           "the line's moves: " + json.dumps(page.d.execute_script("return [window.vsadnikState.thinking, document.getElementById('th-pv').textContent, document.getElementById('th-line').textContent]")))
    path = page.shot(out, "chess")
    page.button("btn-analysis")
    page.wait("analysis off", lambda: not page.state()["analysis"])
    page.wait_person()
    # The promotion chooser, from a loaded FEN.
    page.d.find_element(By.CSS_SELECTOR, "#load summary").click()
    box = page.d.find_element(By.ID, "load-text")
    box.clear()
    box.send_keys("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    page.button("load-go")
    page.wait("the loaded position", lambda: page.piece_on("a7") == "P" and not page.state()["moves"])
    page.move("a7a8n", "click")
    expect("a8=N" in page.moves_text(), "a8=N in the list: " + page.moves_text())
    page.wait_person()
    page.button("btn-takeback")
    page.wait("the take-back", lambda: not page.state()["moves"])
    expect(page.piece_on("a7") == "P", "the pawn back on a7")
    page.button("btn-flip")
    page.wait("the flipped board", lambda: page.state()["flipped"])
    page.button("btn-flip")
    page.wait("the board turned back", lambda: not page.state()["flipped"])
    return path


def review_game(page, out):
    """A loaded game reviewed: the graph drawn, the blunder marked, a click
    on the graph shows an earlier position, and a hint marks two squares."""
    page.new_game("chess")
    page.d.execute_script("document.getElementById('load').open = true")
    box = page.d.find_element(By.ID, "load-text")
    box.clear()
    box.send_keys("1. e4 e5 2. Nf3 Qh4 3. Nxh4 Nc6 *")
    page.button("load-go")
    page.wait("the loaded game", lambda: len(page.state()["moves"]) == 6)
    page.button("btn-review")
    page.wait("the review", lambda: page.d.find_element(By.ID, "review-status")
              .get_attribute("data-done") == "yes")
    marked = [e.text for e in page.d.find_elements(By.CSS_SELECTOR, "#moves .mv.mark-blunder")]
    expect("Qh4??" in marked, "Qh4?? marked in the move list: " + json.dumps(marked))
    expect(page.d.find_elements(By.CSS_SELECTOR, "#graph circle.mark-blunder"),
           "the blunder on the graph")
    page.click(page.d.find_element(By.CSS_SELECTOR, '#graph rect.graph-hit[data-ply="3"]'))
    page.wait("the position after 2. Nf3", lambda: (page.state().get("study") or {}).get("viewing") == 3
              and page.piece_on("d8") == "q" and page.piece_on("f3") == "N")
    path = page.shot(out, "review")
    page.button("btn-back")
    page.wait("the game's position again", lambda: page.piece_on("h4") == "N")
    page.button("btn-hint")
    page.wait("the hint", lambda: page.d.find_element(By.ID, "review-line").get_attribute("data-hint"))
    expect(len(page.d.find_elements(By.CSS_SELECTOR, "rect.hl-hint")) == 2, "the hint's two squares")
    return path


def play_crazyhouse(page, out):
    page.new_game("crazyhouse",
                  fen="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3")
    expect(page.d.find_elements(By.CSS_SELECTOR, '.hand[data-drop="P"][data-color="w"]'), "White's pawn in hand")
    page.move("P@d3", "drag")
    expect(page.piece_on("d3") == "P", "the dropped pawn on d3")
    expect(not page.d.find_elements(By.CSS_SELECTOR, '.hand[data-color="w"]'), "White's hand empty")
    page.wait_person()
    page.move(pick(page, ["f1e2", "b1c3", "d3d4"]), "click")
    page.wait_person()
    expect(len(page.state()["moves"]) == 4, "four moves")
    return page.shot(out, "crazyhouse")


def play_tranzit(page, out):
    page.new_game("tranzit")
    expect(len(page.d.find_elements(By.CSS_SELECTOR, "svg.board")) == 2, "two boards")
    note = page.d.find_element(By.CSS_SELECTOR, '.pane[data-pane="II"] .pane-note')
    expect(note.get_attribute("data-scoreless") == "white black", "T14 note on board II: " + note.text)
    page.move("e2e4", "drag")
    page.wait_person()
    # A transfer: the knight dragged to the same square of board II.
    page.move("g1o1", "drag")
    expect(page.piece_on("o1") == "N" and page.piece_on("g1") == "", "the knight on board II")
    pane2 = page.d.find_element(By.CSS_SELECTOR, 'svg.board[data-pane="II"]')
    expect(pane2.find_elements(By.CSS_SELECTOR, 'g.piece[data-sq="o1"]'), "drawn on board II")
    page.wait_person()
    page.move(pick(page, ["d2d4", "b1c3"]), "click")
    page.wait_person()
    results = [e.text for e in page.d.find_elements(By.CSS_SELECTOR, ".pane-title .res")]
    expect(len(results) == 2, "a result per board: %s" % results)
    return page.shot(out, "tranzit")


def play_progressive(page, out, variant):
    page.new_game(variant)
    shot = None
    preferred = ["e2e4", "d2d4", "g1f3", "b1c3", "f1c4", "c2c3", "h2h3", "a2a3"]
    for series in (1, 3, 5):
        s = page.wait_person()
        if s["turn"] == "over":
            break
        se = s["series"]
        expect(se["number"] == series, f"series {series}, got {se}")
        for i in range(series):
            text = page.d.find_element(By.ID, "series").text
            expect(text.startswith(f"Series {series} (White): move {i + 1} of {series}"), "counter: " + text)
            if series == 3 and i == 2:
                shot = page.shot(out, variant)
            page.move(pick(page, preferred), "drag" if i % 2 == 0 else "click")
            s = page.state()
            if s["turn"] == "over" or s["to_move"] != "white":
                break  # a check ends a Scottish or English series early
    expect(shot, "a screenshot in series 3")
    return shot


def play_tavreli(page, out):
    page.new_game("tavreli", fen="r1bqk1nr/pppp1ppp/2n5/2b1(pP)3/2(BN)5/8/PPPP1PPP/R1BQK1HR w KQkq - 0 5")
    helgi = page.d.find_elements(By.CSS_SELECTOR, 'g.piece[data-sq="g1"] .crown')
    expect(helgi, "the Helgi drawn with its crown")
    expect(page.d.find_element(By.CSS_SELECTOR, 'g.piece[data-sq="c4"]').get_attribute("data-height") == "2",
           "the tower on c4")
    # A split: the top level of the c4 tower clicked, then its target.
    page.click(page.level("c4", 0))
    page.wait("the tower panel", lambda: page.d.find_element(By.ID, "tower").is_displayed())
    page.wait("the split's targets", lambda: page.d.find_elements(By.CSS_SELECTOR, '[data-target="d3"]'))
    page.click(page.square("d3"))
    page.played("c4(1)d3", 0)
    expect(page.piece_on("c4") == "N" and page.piece_on("d3") == "B", "the bishop split off")
    page.wait_person()
    # A stack: the rook dragged onto its own pawn.
    page.move("a1a2", "drag")
    expect(page.piece_on("a2") == "RP", "the rook on the pawn")
    page.wait_person()
    # The whole tower chosen by its lower level (targets shown) for the picture.
    page.click(page.level("a2", 1))
    page.wait("the tower's targets", lambda: page.d.find_elements(By.CSS_SELECTOR, "[data-target]"))
    page.wait("the tower panel", lambda: page.d.find_element(By.ID, "tower").is_displayed())
    return page.shot(out, "tavreli")


def play_team(page, out, variant, side, fen, drops):
    """A team game: the partner (vsadnik) takes a queen on board B, which
    reaches the person's reserve; the person drags it onto board A; the
    partner answers a message sent with a button."""
    page.new_game(variant, side=side, fen=fen)
    s = page.state()
    expect(len(page.d.find_elements(By.CSS_SELECTOR, "[data-team-board] svg.board")) == 2, "two boards")
    other = page.d.find_element(By.CSS_SELECTOR, '[data-team-board="B"]')
    clocks = [c.get_attribute("data-clock") for c in other.find_elements(By.CSS_SELECTOR, ".clock")]
    partner = s["team"]["partner"]["color"]
    expect(clocks[-1] == partner, f"the partner's colour ({partner}) at the bottom of board B: {clocks}")
    mine = "w" if side == "white" else "b"
    page.wait("the queen from board B", lambda: page.d.find_elements(
        By.CSS_SELECTOR, f'[data-team-board="A"] .hand[data-drop="Q"][data-color="{mine}"]'))
    page.move(pick(page, drops), "drag")
    expect(not page.d.find_elements(By.CSS_SELECTOR, f'[data-team-board="A"] .hand[data-color="{mine}"]'),
           "the person's hand empty after the drop")
    page.click(page.d.find_element(By.CSS_SELECTOR, '#team [data-tell="sit"]'))
    page.wait("the partner's answer", lambda: "partner: ok, I sit until you say go"
              in page.d.find_element(By.ID, "team-messages").text)
    page.click(page.d.find_element(By.CSS_SELECTOR, '#team [data-tell="++n"]'))
    page.wait("the message shown", lambda: "you: ++n" in page.d.find_element(By.ID, "team-messages").text)
    return page.shot(out, variant)


def play_bughouse(page, out):
    # The first team game waits for Start: no clock runs before.
    if page.state()["turn"] == "ready":
        expect(page.d.find_element(By.ID, "team-start").is_displayed(), "the Start button")
        page.button("team-start")
        page.wait("the game started", lambda: page.state()["turn"] != "ready")
    b = "rnbqkbnr/pppp1ppp/8/4p3/3Q4/8/PPP1PPPP/RNB1KBNR[] b KQkq - 0 2"
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    return play_team(page, out, "bughouse", "white", f"{start} | {b}", ["Q@e3", "Q@d3"])


def play_swedish(page, out):
    a = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"
    b = "rnb1kbnr/pppppppp/8/8/3q4/4P3/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2"
    return play_team(page, out, "swedish", "black", f"{a} | {b}", ["Q@e6", "Q@d6"])


def hold_event_streams(url):
    """Opens event streams on the server at `url` until it refuses one
    (all its slots taken); the open sockets."""
    host, port = url.split("//")[1].strip("/").split(":")
    held = []
    for _ in range(64):
        s = socket.create_connection((host, int(port)), timeout=WAIT)
        s.sendall(f"GET /api/events HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        first = s.recv(64).decode("latin-1")
        if " 200 " not in first:
            s.close()
            return held
        held.append(s)
    raise Failure("the server never refused an event stream")


def reconnect(page, out, url):
    """The page opened while every event stream slot is taken: its stream
    is refused (503) and the page says it is reconnecting; once the slots
    are free it connects again by itself, and the engine's answer to a
    move (which only the stream brings) is shown."""
    page.new_game("chess")
    held = hold_event_streams(url)
    try:
        page.goto(url)
        page.wait("the page reconnecting", lambda: page.d.find_element(By.ID, "connection").text
                  == "reconnecting\u2026")
    finally:
        for s in held:
            s.close()
    page.wait("the page connected again", lambda: page.d.find_element(By.ID, "connection").text
              == "connected")
    page.move("e2e4", "drag")
    page.wait("the engine's answer from the stream", lambda: len(page.state()["moves"]) == 2)
    # The refused stream's 503 is in the console: expected here.
    page.d.get_log("browser")
    return None


def board_b_moves(page):
    return len(page.state()["boards"][1]["moves"])


def square_css(sq, board="A"):
    return f'[data-team-board="{board}"] rect.sq[data-sq="{sq}"]'


def hand_css(kind, color, board="A"):
    return f'[data-team-board="{board}"] .hand[data-drop="{kind}"][data-color="{color}"]'


def held_drag(page, uci, seconds=4):
    """Picks up the piece of `uci` and holds it `seconds` (at least)
    while board B plays two moves; lets go on the target: the move must
    be taken."""
    count = len(page.state()["moves"])
    frm, to = uci[:2], uci[2:4]
    source, target = page.place(square_css(frm)), page.place(square_css(to))
    seen = board_b_moves(page)
    held = time.monotonic()
    page.press(source)
    page.wait("two moves on board B while a piece is held",
              lambda: board_b_moves(page) >= seen + 2)
    time.sleep(max(0.0, seconds - (time.monotonic() - held)))
    expect(page.d.find_elements(By.CSS_SELECTOR, f'[data-team-board="A"] [data-target="{to}"]'),
           f"the held piece's targets still shown ({to})")
    page.release((source[0], source[1] - 12), target)
    return page.played(uci, count)


def click_click(page, uci):
    """Clicks the piece of `uci`, waits until board B has moved, clicks the
    target: the move must be taken."""
    count = len(page.state()["moves"])
    frm, to = uci[:2], uci[2:4]
    seen = board_b_moves(page)
    page.click_at(page.place(square_css(frm)))
    page.wait(f"targets of {frm}", lambda: page.d.find_elements(
        By.CSS_SELECTOR, f'[data-team-board="A"] [data-target="{to}"]'))
    page.wait("a move on board B between the clicks", lambda: board_b_moves(page) > seen)
    page.click_at(page.place(square_css(to)))
    return page.played(uci, count)


def choose(page, i):
    """The person's move number `i` (from 0) of the scripted Swedish game:
    now and then a drop from the hand, else pawn moves (which cannot
    repeat a position), else the first legal move."""
    s = page.state()
    board = s["boards"][0]
    legal = board["legal"]
    drops = [m for m in legal if m["drop"]]
    if drops and i % 3 == 2:
        return drops[-1]
    pawns = [m for m in legal if not m["drop"] and m["from"] and piece_kind(board, m["from"]) == "P"]
    quiet = [m for m in pawns if not m["promo"] and not stack(board, m["to"])]
    for group in (quiet, pawns, [m for m in legal if not m["drop"]], legal):
        if group:
            return group[(7 * i) % len(group)]
    raise Failure("no legal move for the person: " + json.dumps(s)[:500])


def stack(board, sq):
    return board["squares"][(int(sq[1:]) - 1) * board["files"] + ord(sq[0]) - 97]


def piece_kind(board, sq):
    pieces = stack(board, sq)
    return pieces[0]["k"] if pieces else None


def mouse_move(page, m, i):
    """Plays the legal move `m` (from the state) with the mouse: a drop
    dragged from the hand, a board move dragged or clicked in turn."""
    s = page.state()
    count, board = len(s["moves"]), s["boards"][0]["id"]
    if m["drop"]:
        color = "w" if s["side"] == "white" else "b"
        source = page.place(hand_css(m["drop"], color, board))
        target = page.place(square_css(m["to"], board))
        page.press(source)
        page.release((source[0], source[1] - 12), target)
    elif i % 2 == 0:
        source = page.place(square_css(m["from"], board))
        target = page.place(square_css(m["to"], board))
        page.press(source)
        page.release((source[0], source[1] - 12), target)
    else:
        page.click_at(page.place(square_css(m["from"], board)))
        page.wait(f"targets of {m['from']}", lambda: page.d.find_elements(
            By.CSS_SELECTOR, f'[data-team-board="{board}"] [data-target="{m["to"]}"]'))
        page.click_at(page.place(square_css(m["to"], board)))
    if m["promo"]:
        page.wait("the promotion chooser", lambda: page.d.find_element(By.ID, "promotion").is_displayed())
        page.click(page.d.find_element(By.CSS_SELECTOR, f'#promotion-choices [data-promo="{m["promo"]}"]'))
    return page.played(m["uci"], count)


def play_swedish_live(page, out):
    """A Swedish game on a board where everyone moves (stub engines, board
    B at its human pace): the person's piece held for four seconds while
    board B plays, a click-click across a move on board B, then moves by
    the mouse (drags, clicks, drops) to 20, and the game ended by the
    Resign button."""
    page.new_game("swedish", side="white")
    held_drag(page, "e2e4")
    page.wait_person()
    click_click(page, "d2d4")
    played = 2
    while played < 20:
        s = page.wait_person()
        if s["turn"] == "over":
            raise Failure(f"the game ended after {played} moves of the person: {s['result']}")
        mouse_move(page, choose(page, played), played)
        played += 1
    s = page.wait_person()
    mine = [m for m in s["moves"] if m["color"] == "white"]
    expect(len(mine) == 20, f"20 moves of the person on board A: {len(mine)}")
    expect(any("@" in m["uci"] for m in mine), "a drop among them: %s" % [m["uci"] for m in mine])
    expect(board_b_moves(page) >= 10, f"board B played along: {board_b_moves(page)} moves")
    page.button("btn-resign")
    page.wait("the end of the game", lambda: page.state()["turn"] == "over")
    expect(page.status() == "Your team loses", "status: " + page.status())
    expect(page.state()["result"]["comment"] == "White on board A resigns", "the result")
    return None


def seat_link(page, seat):
    """The link the host's page shows for `seat` ("Black on board B")."""
    css = f'#team-seats li[data-seat="{seat}"] .seat-link input'
    return page.wait(f"the link of {seat}", lambda: page.d.find_element(
        By.CSS_SELECTOR, css).get_attribute("value"))


def join_refused(link):
    """A third browser (another client id) asking for the seat of `link`:
    the server's status and message."""
    base, query = link.split("/?")
    req = urllib.request.Request(f"{base}/api/join?{query}&client=third-browser", data=b"{}",
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def play_friends(page, out, url):
    """Two people as partners in a Swedish game against two engines, each
    in a Chromium of their own: the host's page shows a link per seat; the
    partner's link, opened in a second Chromium, takes Black on board B (a
    third browser is then refused that seat) and gives its name; the host
    starts; the two
    exchange messages (a button on one page, the text box on the other);
    both play by the mouse, each on their own board, until the game ends,
    and both pages show the same end."""
    page.goto(url)
    expect(page.state()["turn"] == "ready", "the game waits for its players")
    link = seat_link(page, "Black on board B")
    guest = Page(link)
    try:
        g = guest.wait("the partner's page joined", lambda: not guest.state()["team"]["host"]
                       and page.state()["team"]["partner"]["status"] == "person" and guest.state())
        expect(g["side"] == "black" and g["boards"][0]["id"] == "B", "the guest plays Black on board B")
        expect(guest.status() == "Waiting for the host to start", "guest status: " + guest.status())
        expect(not guest.d.find_element(By.ID, "btn-new").is_displayed(), "no New game for a guest")
        guest.d.find_element(By.ID, "team-name-text").send_keys("Anna")
        guest.click(guest.d.find_element(By.CSS_SELECTOR, "#team-name button"))
        page.wait("the guest's name on the host's page", lambda: page.state()["team"]["partner"]["name"]
                  == "Anna")
        status, body = join_refused(link)
        expect(status == 409 and "already taken" in body, f"a third browser refused: {status} {body}")
        page.button("team-start")
        page.wait("the game started", lambda: page.state()["turn"] != "ready")
        guest.click(guest.d.find_element(By.CSS_SELECTOR, '#team [data-tell="++n"]'))
        page.wait("the guest's message on the host's page", lambda: "partner: ++n"
                  in page.d.find_element(By.ID, "team-messages").text)
        box = page.d.find_element(By.ID, "tell-text")
        box.send_keys("ok, trading")
        page.click(page.d.find_element(By.CSS_SELECTOR, "#tell-form button"))
        guest.wait("the host's answer on the guest's page", lambda: "partner: ok, trading"
                   in guest.d.find_element(By.ID, "team-messages").text)
        played = {"host": 0, "guest": 0}
        end = time.monotonic() + 600
        while True:
            states = {"host": page.state(), "guest": guest.state()}
            if all(s["turn"] == "over" for s in states.values()):
                break
            if time.monotonic() > end:
                raise Failure(f"the game did not end: {played}")
            movers = [(name, p) for name, p in (("host", page), ("guest", guest))
                      if states[name]["turn"] == "person"]
            for name, p in movers:
                i = played[name]
                try:
                    mouse_move(p, choose(p, i), i)
                except Failure:
                    if p.state()["turn"] != "over":  # the game may end meanwhile
                        raise
                played[name] += 1
            if not movers:
                time.sleep(0.05)
        expect(min(played.values()) >= 3, f"both people played: {played}")
        host_end, guest_end = page.state()["result"], guest.state()["result"]
        expect(host_end["comment"] == guest_end["comment"], f"one end: {host_end} / {guest_end}")
        expect(host_end["outcome"] == guest_end["outcome"], "the same outcome for partners")
        words = {"win": "Your team wins", "loss": "Your team loses", "draw": "Draw"}
        expect(page.status() == words[host_end["outcome"]], "host status: " + page.status())
        expect(guest.status() == page.status(), "guest status: " + guest.status())
        pgn = page.d.execute_script(
            "return fetch('/api/pgn').then(r => r.text())")
        expect('[BlackB "Anna"]' in pgn and "to partner: ++n" in pgn, "the BPGN: " + pgn[:400])
        errors = guest.console_errors()
        if errors:
            raise Failure("console errors on the guest's page: " + json.dumps(errors))
        print(f"     {played['host']} moves by the host, {played['guest']} by the guest: "
              f"{host_end['result']} {host_end['comment']}")
        return page.shot(out, "friends")
    finally:
        guest.close()


def watch_match(page, out, binary, nodes, back):
    """A second server follows a bughouse match's live file; the page
    follows it read-only and shows board B when its button is clicked."""
    live_dir = tempfile.mkdtemp(prefix="vsadnik-live-")
    live = os.path.join(live_dir, "live.json")
    watcher = Server(binary, ["--watch", live])
    engine = f"{binary} --nodes-per-move {nodes}"
    match = vsadnik.start(
        binary, ["match", "--variant", "bughouse", "--games", "2", "--tc", "60+0.5",
                 "--live", live] + ["--engine", engine] * 4,
        stdin=None, stdout=subprocess.DEVNULL)
    try:
        page.d.get(watcher.url)
        s = page.wait("a match game with moves", lambda: page.state().get("watch")
                      and page.state()["watch"]["round"] and len(page.state()["moves"]) >= 2
                      and page.state())
        expect(not page.d.find_element(By.ID, "btn-new").is_displayed(), "no New game when watching")
        expect(page.d.find_element(By.ID, "watch").is_displayed(), "the watch panel")
        seen = (s["watch"]["round"], len(s["moves"]))
        page.wait("the page following the game", lambda: (page.state()["watch"]["round"],
                  len(page.state()["moves"])) != seen or page.state()["turn"] == "over")
        buttons = page.d.find_elements(By.CSS_SELECTOR, "#watch-boards [data-board]")
        expect(len(buttons) == 2, "a button per board")
        page.click(page.d.find_element(By.CSS_SELECTOR, '#watch-boards [data-board="B"]'))
        page.wait("board B shown", lambda: page.state()["watch"]["shown"] == "B"
                  and page.d.find_elements(By.CSS_SELECTOR, 'svg.board[data-board="B"]'))
        page.wait("moves on board B", lambda: len(page.state()["moves"]) >= 6
                  or page.state()["turn"] == "over")
        return page.shot(out, "watch")
    finally:
        page.d.get(back)
        match.terminate()
        match.wait(timeout=WAIT)
        watcher.stop()
        shutil.rmtree(live_dir, ignore_errors=True)


def missing_tools():
    """Why the browser test cannot run here, or None."""
    if SELENIUM_ERROR:
        return "python selenium is missing: " + SELENIUM_ERROR
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return path + " is missing"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", help=vsadnik.HELP)
    ap.add_argument("--out", default=os.path.join(REPO, "docs/img"))
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--nodes", type=int, default=3000, help="the engine's nodes per move")
    ap.add_argument("--skip-if-missing", action="store_true",
                    help="exit 0 with a note when chromium, chromedriver or selenium is missing")
    args = ap.parse_args()
    missing = missing_tools()
    if missing:
        if args.skip_if_missing:
            print(f"SKIP browser test: {missing}")
            return 0
        print(f"browser test cannot run: {missing} (--skip-if-missing skips it)", file=sys.stderr)
        return 1
    args.binary = vsadnik.require(args.binary)
    os.makedirs(args.out, exist_ok=True)
    engine = f"{args.binary} --nodes-per-move {args.nodes}"
    # Team games: the opponents sit (the team stub never moves), so the
    # boards stand still while the page is read; the partner is vsadnik in
    # XBoard, which answers partner messages.
    stub = os.path.join(REPO, "tools/stub_engines/team_stub.py")
    kinds = {
        "two": ["--engine", engine, "--tc", "300+3"],
        "team": ["--variant", "bughouse", "--engine", f"{stub} --xboard --sit",
                 "--partner", f"xboard:{engine}", "--tc", "300+3"],
        # Everyone moves: the stub plays its first legal move at once, and
        # board B keeps its human pace (a move a second).
        "live": ["--variant", "swedish", "--engine", f"{stub} --xboard",
                 "--partner", f"{stub} --xboard", "--tc", "300+3"],
        # Two people as partners (the host White on A, a friend Black on
        # B), vsadnik in XBoard in both opponents' seats.
        "friends": ["--variant", "swedish", "--engine", f"xboard:{engine}", "--tc", "300+3"],
    }
    servers = {}
    page = None
    failed = []
    games = {
        "chess": play_chess,
        "review": review_game,
        "crazyhouse": play_crazyhouse,
        "tranzit": play_tranzit,
        "tavreli": play_tavreli,
        "bughouse": play_bughouse,
        "swedish": play_swedish,
        "swedish-live": play_swedish_live,
    }
    try:
        for v in args.variants.split(","):
            started = time.monotonic()
            kind = ("team" if v in TEAM else "live" if v in LIVE_TEAM
                    else "friends" if v in FRIENDS else "two")
            if kind not in servers:
                servers[kind] = Server(args.binary, kinds[kind])
                if page is None:
                    page = Page(servers[kind].url)
                else:
                    page.goto(servers[kind].url)
            elif page.d.current_url != servers[kind].url:
                page.goto(servers[kind].url)
            try:
                if v.startswith("progressive-"):
                    path = play_progressive(page, args.out, v)
                elif v == "friends":
                    path = play_friends(page, args.out, servers[kind].url)
                elif v == "reconnect":
                    path = reconnect(page, args.out, servers[kind].url)
                elif v == "watch":
                    path = watch_match(page, args.out, args.binary, 20 * args.nodes, servers[kind].url)
                else:
                    path = games[v](page, args.out)
                errors = page.console_errors()
                if errors:
                    raise Failure("console errors: " + json.dumps(errors))
                shot = os.path.relpath(path, REPO) if path else "(no screenshot)"
                print(f"ok   {v:22} {time.monotonic() - started:5.1f} s  {shot}")
            except Exception as e:  # report and go on with the next variant
                failed.append(v)
                print(f"FAIL {v:22} {type(e).__name__}: {e}", file=sys.stderr)
                try:
                    page.d.save_screenshot(os.path.join(tempfile.gettempdir(), f"gui-fail-{v}.png"))
                    print("     state: " + json.dumps(page.state())[:2000], file=sys.stderr)
                    print("     console: " + json.dumps(page.d.get_log("browser"))[:2000], file=sys.stderr)
                except Exception:
                    pass
    finally:
        if page is not None:
            page.close()
        statuses = [server.stop() for server in servers.values()]
    if any(statuses):
        print(f"vsadnik gui exited with status {statuses}", file=sys.stderr)
        return 1
    if failed:
        print("failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    print("all variants passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
