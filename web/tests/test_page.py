#!/usr/bin/env python3
"""The playground in a real browser: serves web/dist on localhost, drives the page in headless
Chromium through selenium (Debian's `chromium` and `chromium-driver`), and writes screenshots
under target/web-screenshots/.

    web/tests/test_page.py            # every test; exit 1 if one fails
    web/tests/test_page.py --measure  # also the first load and perft(6) of chess in the page
    web/tests/test_page.py xiangqi    # only the tests whose name holds one of the words
"""

import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "web", "dist")
SHOTS = os.path.join(ROOT, "target", "web-screenshots")
# Timing checks allow this factor over the figures: CI machines are shared.
SLACK = float(os.environ.get("RULEBOOK_WEB_SLACK", "3"))


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class WithoutBundle(Quiet):
    """Serves the page as if the bundled variants had not arrived."""
    def do_GET(self):
        if self.path.split("?")[0].endswith("/variants.txt"):
            self.send_error(404)
        else:
            super().do_GET()


def serve(handler_class=Quiet):
    handler = functools.partial(handler_class, directory=DIST)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser(profile):
    options = webdriver.ChromeOptions()
    for flag in [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1280,1000",
    ]:
        options.add_argument(flag)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


class Page:
    def __init__(self, driver, url):
        self.d = driver
        self.url = url

    def open(self, hash_=""):
        self.d.get("about:blank")
        self.d.get(self.url + hash_)
        # The module script sets window.rulebook; wait for it, then for the engine.
        state = self.d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const wait = () => window.rulebook
              ? window.rulebook.ready.then(() => done(true), (e) => done(String(e)))
              : setTimeout(wait, 10);
            wait();""")
        check(state is True, f"the page did not get ready: {state}")

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def api(self, call, *args):
        """Calls window.rulebook.<call>(args) and returns its result."""
        return self.js(f"return window.rulebook.{call}(...arguments);", *args)

    def q(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def qs(self, css):
        return self.d.find_elements(By.CSS_SELECTOR, css)

    def click(self, css):
        # Squares are SVG groups: click the element the square draws first.
        el = self.q(css)
        self.js("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));", el)

    def text(self, css):
        return self.q(css).get_attribute("textContent")

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        self.d.save_screenshot(os.path.join(SHOTS, name + ".png"))


def check(cond, message):
    if not cond:
        raise AssertionError(message)


def test_chess_by_clicks(p):
    p.open()
    check(len(p.qs("[data-square]")) == 64, "64 squares")
    check(p.q('[data-square="e1"] [data-piece]').get_attribute("data-piece") == "K", "K on e1")
    p.click('[data-square="e2"]')
    targets = sorted(e.get_attribute("data-square") for e in p.qs("[data-target]"))
    check(targets == ["e3", "e4"], f"targets of e2: {targets}")
    p.click('[data-square="e4"]')
    moves = p.text("#moves").strip()
    check(moves == "1. e4", f"#moves shows {moves!r}")
    check(p.q('[data-square="e4"] [data-piece]').get_attribute("data-piece") == "P", "P on e4")
    for m in ["e5", "Nf3", "Nc6", "Bb5", "a6"]:
        check(p.api("play", m)["ok"], m)
    p.click('[data-square="b5"]')
    captures = [e.get_attribute("data-square") for e in p.qs('[data-target="capture"]')]
    check(captures == ["c6"] or sorted(captures) == ["a6", "c6"], f"captures of b5: {captures}")
    check(p.qs('[data-square="a6"][data-target="capture"]'), "Bxa6 is a capture")
    p.shot("chess")
    check(p.api("moves")[0] == "a2a3" or len(p.api("moves")) > 20, "moves in UCI")
    check(p.api("undo"), "undo")
    check(p.text("#moves").strip() == "1. e4 e5 2. Nf3 Nc6 3. Bb5", p.text("#moves"))
    box = p.q("#san-input")
    box.send_keys("Nf6", Keys.ENTER)
    check(p.text("#moves").strip().endswith("3. Bb5 Nf6"), "a move typed in SAN")
    box.send_keys("Ke3", Keys.ENTER)
    check(p.text("#move-error"), "an illegal move says why")
    a1 = p.q('[data-square="a1"]').get_attribute("transform")
    p.click("#flip")
    check(p.q('[data-square="a1"]').get_attribute("transform") != a1, "flip turns the board")


def test_crazyhouse_drop(p):
    p.open()
    check(p.api("load", "crazyhouse")["ok"], "crazyhouse loads")
    for m in ["e4", "d5", "exd5", "Qxd5"]:
        check(p.api("play", m)["ok"], m)
    hand = p.q('[data-hand="white"] [data-piece="P"]')
    check(hand.get_attribute("data-count") == "1", "one pawn in white's hand")
    p.click('[data-hand="white"] [data-piece="P"]')
    check(len(p.qs("[data-target]")) > 20, "a pawn may be dropped on many squares")
    check(not p.qs('[data-square="e1"][data-target]'), "not on the first rank")
    p.click('[data-square="e6"]')
    check(p.text("#moves").strip().endswith("3. P@e6"), p.text("#moves"))
    check(not p.qs('[data-hand="white"] [data-piece]'), "white's hand is empty again")
    check(p.q('[data-hand="black"] [data-piece="p"]'), "black holds the captured pawn")
    p.shot("crazyhouse")


def test_alice_two_boards(p):
    p.open()
    p.api("load", "alice")
    boards = p.qs("svg.board")
    check(len(boards) == 2, f"{len(boards)} boards")
    check(len(p.qs('[data-square="e4"]')) == 2, "e4 on each board")
    p.click('[data-square="e2"][data-layer="0"]')
    p.click('[data-square="e4"][data-layer="0"]')
    piece = p.qs('[data-square="e4"][data-layer="1"] [data-piece]')
    check(piece and piece[0].get_attribute("data-piece") == "S", "the pawn crossed to board 2")
    check(not p.qs('[data-square="e4"][data-layer="0"] [data-piece]'), "e4 of board 1 is empty")
    for m in ["d5", "Bb5+"]:
        check(p.api("play", m)["ok"], m)
    p.shot("alice")


def test_xiangqi_and_shogi(p):
    p.open()
    p.api("load", "xiangqi")
    check(len(p.qs("[data-square]")) == 90, "9x10")
    check(p.qs("svg.board.points") and len(p.qs(".point-line")) == 19,
          "Xiangqi is drawn on intersections: 9 + 10 lines")
    for m in ["h3e3", "h10g8"]:
        check(p.api("play", m)["ok"], m)
    p.shot("xiangqi")
    p.api("load", "janggi")
    check(len(p.qs(".point-line")) == 19, "Janggi inherits the intersections")
    p.api("load", "chess")
    check(not p.qs(".point-line"), "chess is drawn on squares")
    p.api("load", "shogi")
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        check(p.api("play", m)["ok"], m)
    check(p.q('[data-hand="white"] [data-piece="B"]'), "white holds a bishop")
    check(p.q('[data-hand="black"] [data-piece="b"]'), "black holds a bishop")
    p.click('[data-hand="white"] [data-piece="B"]')
    p.shot("shogi")


GLYPHS = """variant glyphs extends chess
replace piece knight { letters N n  glyph "\u2658" "\u265e"  leap (1,2) }
piece stone { letters S s  glyph "\u25cf" }
start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNS w Qkq - 0 1"
"""


def test_named_glyphs(p):
    """A piece's `glyph` is what the board shows (one for both sides, or white's and black's);
    the standard pieces keep theirs, the others their letters."""
    p.open()
    check(p.api("load", GLYPHS)["ok"], "the variant with glyphs loads")
    text = lambda sq: p.text(f'[data-square="{sq}"] [data-piece] text')  # noqa: E731
    check(text("b1") == "\u2658" and text("b8") == "\u265e", f"knights: {text('b1')} {text('b8')}")
    check(text("h1") == "\u25cf", f"the stone: {text('h1')}")
    check(text("e1").startswith("\u265a"), "the king keeps chess's glyph")
    p.shot("glyphs")
    check(p.api("load", "shogi")["ok"], "shogi")
    check(text("a1") == "L", f"a piece without a glyph shows its letter: {text('a1')}")


BROKEN = "\nreplace promotion pawn { zone last-rank  to quen }\n"


def test_broken_edit_keeps_the_variant(p):
    p.open()
    p.api("load", "chess")
    editor = p.q("#editor")
    lines = p.api("source").count("\n")
    editor.click()
    editor.send_keys(Keys.CONTROL, Keys.END)
    editor.send_keys(BROKEN)
    deadline = time.time() + 5
    while time.time() < deadline and not p.qs("#diagnostics > *"):
        time.sleep(0.05)
    items = p.qs("#diagnostics > *")
    check(items, "a diagnostic shows")
    line = int(items[0].get_attribute("data-line"))
    check(line == lines + 2, f"at line {line}, the edit is line {lines + 2}")
    d = p.api("diagnostics")[0]
    check(d["code"] == "rulebook::unknown_piece" and d["line"] == line, d)
    check("unknown piece `quen`" in items[0].text, items[0].text)
    p.click('[data-square="e2"]')
    p.click('[data-square="e4"]')
    check(p.text("#moves").strip() == "1. e4", "chess stays playable")
    p.shot("broken")


PGN = """[Event "?"]
[Variant "Crazyhouse"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *
"""


def test_pgn_in_and_out(p):
    p.open()
    p.q("#pgn").send_keys(PGN)
    p.click("#pgn-in")
    check(p.text("#moves").strip() == "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4", p.text("#moves"))
    check("Crazyhouse" in p.text("#status"), p.text("#status"))
    p.click("#explain summary")
    rules = p.text("#explain-text")
    check("hand" in rules and "castling" in rules, rules)
    p.click("#pgn-out")
    out = p.q("#pgn").get_attribute("value")
    check('[Variant "Crazyhouse"]' in out and "4. P@d4" in out, out)
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write('[Variant "Atomic"]\n\n1. e4 d5 2. exd5 *\n')
    try:
        p.q("#pgn-file").send_keys(f.name)
        deadline = time.time() + 5
        while time.time() < deadline and "Atomic" not in p.text("#status"):
            time.sleep(0.05)
        check(p.text("#moves").strip() == "1. e4 d5 2. exd5", p.text("#moves"))
    finally:
        os.unlink(f.name)


def test_link_and_fen(p):
    p.open()
    p.api("load", "3check")
    p.api("play", "e4")
    link = p.q("#link").get_attribute("href")
    p.open("#" + link.split("#", 1)[1])
    check(p.api("fen") == p.js("return window.rulebook.state().fen"), "fen")
    check(p.text("#moves").strip() == "1. e4", p.text("#moves"))
    check(p.js("return window.rulebook.state().name") == "3check", "the link reopens 3check")
    bad = p.api("setFen", "not a fen")
    check(not bad["ok"] and p.text("#fen-error"), "a bad FEN is refused and says why")


def test_game_end_undo_redo_new_game(p):
    """The end of the game with its rule; undo, redo and a new game."""
    p.open()
    for m in ["f3", "e5", "g4", "Qh4#"]:
        check(p.api("play", m)["ok"], m)
    status = p.text("#status")
    check("checkmate" in status and "black wins" in status, status)
    check(p.qs('[data-square="e1"].check'), "the king in check is marked")
    p.click("#undo")
    check("white to move" not in p.text("#status") and "black to move" in p.text("#status"),
          p.text("#status"))
    p.click("#redo")
    check(p.text("#moves").strip() == "1. f3 e5 2. g4 Qh4#", p.text("#moves"))
    p.shot("checkmate")
    p.click("#new-game")
    check(p.text("#moves").strip() == "" and len(p.api("moves")) == 20, "a new game")
    p.api("play", "e4")
    p.api("load", "chess")
    check(p.text("#moves").strip() == "", "load starts a new game, of the same variant too")


def test_choosers(p):
    """A promotion asks which piece; the duck asks where it goes."""
    p.open()
    check(p.api("setFen", "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")["ok"], "setFen")
    p.click('[data-square="e7"]')
    p.click('[data-square="e8"]')
    buttons = [b.text for b in p.qs("#chooser button[data-uci]")]
    check(sorted(buttons) == ["e8=B", "e8=N+", "e8=Q", "e8=R"], buttons)
    p.click('#chooser button[data-uci="e7e8n"]')
    check(p.text("#moves").strip() == "1. e8=N+", p.text("#moves"))
    p.api("load", "duck")
    p.click('[data-square="e2"]')
    p.click('[data-square="e4"]')
    check(len(p.qs("[data-target]")) > 30, "the duck may go to any empty square")
    p.click('[data-square="d5"]')
    check(p.text("#moves").strip().startswith("1. e4"), p.text("#moves"))
    check(p.qs('[data-square="d5"][data-wall]'), "the duck stands on d5")
    p.shot("duck")


def test_effects_are_marked(p):
    """An explosion's squares are marked besides the move's own."""
    p.open()
    p.api("load", "atomic")
    check(p.api("setFen", "4k3/8/8/2n1b3/3n4/8/3Q4/4K3 w - - 0 1")["ok"], "setFen")
    p.click('[data-square="d2"]')
    p.click('[data-square="d4"]')
    changed = sorted(e.get_attribute("data-square") for e in p.qs(".changed"))
    check(changed == ["c5", "e5"], f"marked: {changed}")
    check("c5" in p.text("#effects"), p.text("#effects"))
    p.shot("atomic")


BIG = """variant big "Big chess" extends chess
board 16 x 16
replace region last-rank rank 16
remove castling K Q k q
start "rnbqkbnr8/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w - - 0 1"
"""

TINY = """variant tiny "Tiny" extends chess
board 3 x 3
replace region last-rank rank 3
remove castling K Q k q
start "k1r/3/K1R w - - 0 1"
"""


def test_user_variants_of_any_size(p):
    """Files typed by a user, 16x16 and 3x3: drawn, playable, counted as the command line
    counts them (perft 3: 30739 and 26)."""
    p.open()
    check(p.api("setSource", BIG)["ok"], "16x16 loads")
    check(len(p.qs("[data-square]")) == 256, "256 squares")
    check(p.qs('[data-square="p16"]'), "p16 exists")
    chosen = p.js("const s = document.getElementById('variant-select'); return s.options[s.selectedIndex].text")
    check(chosen == "your file: Big chess", chosen)
    p.click('[data-square="e2"]')
    p.click('[data-square="e4"]')
    check(p.text("#moves").strip() == "1. e4", p.text("#moves"))
    check(p.api("undo") and p.api("perft", 3) == 30739, "perft 3 of big")
    p.shot("big")
    answer = p.api("setSource", TINY)
    check(answer["ok"], answer)
    check(len(p.qs("[data-square]")) == 9, "9 squares")
    warnings = [d["code"] for d in p.api("diagnostics")]
    check(warnings == ["rulebook::unused"], f"the unused pawn is a warning: {warnings}")
    check(p.api("perft", 3) == 26, "perft 3 of tiny")


def test_phone_width(p):
    p.d.set_window_size(360, 800)
    p.open()
    width = p.js("return document.documentElement.scrollWidth")
    p.shot("phone")
    p.d.set_window_size(1280, 1000)
    check(width <= 360, f"the page is {width}px wide at 360px")


def browser_cpu_seconds():
    """User and system time of every Chromium process: the page's work, load or not."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        if "chrom" in name:
            fields = stat[stat.rindex(")") + 2:].split()
            total += int(fields[11]) + int(fields[12])
    return total / ticks


def test_clicks_are_quick(p):
    """A click on a piece that can move, in every bundled variant: its targets drawn within
    50 ms (the page's own clock; the best of three, as a busy machine's neighbours pause it)."""
    p.open()
    times = p.js("""
      const out = [];
      for (const v of window.rulebook.variants()) {
        window.rulebook.load(v.name);
        const uci = window.rulebook.moves().find((m) => /^[a-z]\\d+[a-z]/.test(m));
        if (!uci) continue;
        const square = /^[a-z]\\d+/.exec(uci)[0];
        // The best of three clicks: a busy machine's pauses are not the page's.
        let ms = Infinity;
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          document.querySelector(`[data-square="${square}"]`)
            .dispatchEvent(new MouseEvent("click", {bubbles: true}));
          ms = Math.min(ms, performance.now() - t0);
        }
        out.push([ms, v.name, document.querySelectorAll("[data-target]").length]);
      }
      return out;""")
    times.sort(reverse=True)
    print(f"      slowest clicks: {[(round(ms, 1), name) for ms, name, _ in times[:3]]}"
          f" of {len(times)} variants")
    check(all(n > 0 for _, _, n in times), [name for _, name, n in times if n == 0])
    check(times[0][0] < 50 * SLACK, f"{times[0][1]} took {times[0][0]:.0f} ms")


def test_without_the_variant_bundle(p):
    """The bundled variants come beside the module (variants.txt): when they do not arrive,
    the page still plays chess and says why the others are missing."""
    server, url = serve(WithoutBundle)
    page = Page(p.d, url)
    try:
        page.open()
        status = page.text("#status")
        check("only chess" in status and "variants.txt: 404" in status, f"status: {status!r}")
        page.click('[data-square="e2"]')
        page.click('[data-square="e4"]')
        check(page.text("#moves").strip() == "1. e4", f"#moves shows {page.text('#moves')!r}")
        check(not page.api("load", "xiangqi")["ok"], "xiangqi without the bundle")
        check(page.api("variants") == [], "no bundled variants listed")
        page.shot("without-bundle")
        # The browser logs the 404 it was given (read here, so that it is not taken as a fault).
        severe = [e["message"] for e in p.d.get_log("browser") if e["level"] == "SEVERE"]
        check(all("variants.txt" in m and "404" in m for m in severe), f"browser errors: {severe}")
    finally:
        server.shutdown()
        server.server_close()


def test_offline(p):
    """Loaded once, the page opens again with its server stopped (its service worker keeps the
    page, the scripts and the module), and plays."""
    server, url = serve()
    page = Page(p.d, url)
    try:
        page.open()
        controlled = p.d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.ready.then(async () => {
              for (let i = 0; i < 400 && !navigator.serviceWorker.controller; i++) {
                await new Promise((r) => setTimeout(r, 25));
              }
              done(Boolean(navigator.serviceWorker.controller));
            }, (e) => done(String(e)));""")
        check(controlled is True, f"no service worker controls the page: {controlled}")
    finally:
        server.shutdown()
        server.server_close()
    try:
        urllib.request.urlopen(url, timeout=2)
        check(False, "the server still answers")
    except OSError:
        pass
    page.open()
    check(len(page.qs("[data-square]")) == 64, "the board without the server")
    page.click('[data-square="e2"]')
    page.click('[data-square="e4"]')
    check(page.text("#moves").strip() == "1. e4", f"#moves shows {page.text('#moves')!r}")
    check(page.api("load", "xiangqi")["ok"], "a bundled variant without the server")
    page.shot("offline")


def measure(p):
    """The first load (navigation to `ready`), and perft(6) of chess in the page: wall time,
    and the browser's CPU time (on a busy machine the wall time measures the neighbours)."""
    p.open()
    cpu0 = browser_cpu_seconds()
    p.open()
    load_ms = p.js("return window.rulebook.readyAt")
    load_cpu = browser_cpu_seconds() - cpu0
    p.api("load", "chess")
    cpu0, t0 = browser_cpu_seconds(), time.time()
    count = p.api("perft", 6)
    seconds, cpu = time.time() - t0, browser_cpu_seconds() - cpu0
    size = os.path.getsize(os.path.join(DIST, "rulebook.wasm"))
    print(json.dumps({"wasm_bytes": size, "ready_ms": round(load_ms),
                      "load_cpu_seconds": round(load_cpu, 2), "perft6": count,
                      "perft6_wall_seconds": round(seconds, 2),
                      "perft6_cpu_seconds": round(cpu, 2)}))


def test_holes_and_a_19_by_19_board(p):
    """Wormhole: the square a piece leaves becomes a hole, drawn as such; Gomoku: a 19 x 19
    board, a row of five answered by one of the other side's, a draw."""
    p.open()
    p.api("load", "wormhole2")
    p.click('[data-square="e2"]')
    p.click('[data-square="e4"]')
    holes = [e.get_attribute("data-square") for e in p.qs("[data-hole]")]
    check(holes == ["e2"], f"holes: {holes}")
    check("x" in p.api("fen").split(" ")[0], p.api("fen"))
    p.shot("wormhole")
    p.api("load", "gomoku")
    check(len(p.qs("[data-square]")) == 361, "361 squares")
    check(p.qs('[data-square="s19"]'), "s19 exists")
    for move in ["P@a10", "P@a1", "P@b10", "P@a2", "P@c10", "P@a3", "P@d10", "P@a4", "P@e10"]:
        check(p.api("play", move)["ok"], f"{move} is played")
    check(p.api("state")["end"] is None, "black may still answer the five")
    check(p.api("play", "P@a5")["ok"], "P@a5 is played")
    end = p.api("state")["end"]
    check(end is not None and end.get("winner") is None, f"a draw: {end}")
    p.shot("gomoku")


TESTS = [test_chess_by_clicks, test_crazyhouse_drop, test_alice_two_boards,
         test_xiangqi_and_shogi, test_named_glyphs, test_broken_edit_keeps_the_variant, test_pgn_in_and_out,
         test_link_and_fen, test_game_end_undo_redo_new_game, test_choosers, test_effects_are_marked, test_user_variants_of_any_size,
         test_holes_and_a_19_by_19_board,
         test_phone_width, test_clicks_are_quick, test_without_the_variant_bundle,
         test_offline]


def main():
    if not os.path.exists(os.path.join(DIST, "index.html")):
        sys.exit("web/dist/index.html is missing: run web/build first")
    server, url = serve()
    profile = tempfile.mkdtemp(prefix="rulebook-chromium-")
    driver = browser(profile)
    failed = 0
    words = [a for a in sys.argv[1:] if not a.startswith("--")]
    tests = [t for t in TESTS if not words or any(w in t.__name__ for w in words)]
    try:
        page = Page(driver, url)
        for test in tests:
            try:
                test(page)
                print(f"ok    {test.__name__}")
            except Exception as e:  # noqa: BLE001 - report every failure, then exit 1
                failed += 1
                print(f"FAIL  {test.__name__}: {e}")
                page.shot("failed-" + test.__name__)
        logs = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        for entry in logs:
            print("browser error:", entry["message"])
        failed += len(logs)
        if "--measure" in sys.argv:
            measure(page)
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    print(f"{len(tests) - min(failed, len(tests))} of {len(tests)} browser tests passed;"
          f" screenshots in {SHOTS}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
