#!/usr/bin/env python3
"""Drives the board page of `pbrain-wuzi serve` in headless Chromium through the W3C
WebDriver HTTP API (chromedriver; the standard library only): plays a game to its end by
clicking, checks the win banner, loads positions from text (renju forbidden points shown),
runs an analysis and checks that its line appears, plays against the engine (and has it
play itself until stopped), uses the keyboard, and saves screenshots.

usage: browser_test.py URL OUTDIR [--chromium PATH] [--driver PATH]
Called by tests/browser.rs, which starts the server; prints OK at the end.
"""
import argparse
import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class Driver:
    def __init__(self, driver, chromium):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen(
            [driver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 20
        while True:
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except (OSError, urllib.error.URLError):
                pass
            if time.time() > deadline:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.05)
        caps = {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--window-size=1280,900",
                    "--force-device-scale-factor=1",
                ],
            },
        }
        r = self.call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.sid = r["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.read()[:500]}") from None

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.sid}{path}", body)

    def get(self, url):
        self.s("POST", "/url", {"url": url})

    def find(self, css):
        return self.s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.s("POST", f"/element/{self.find(css)}/click", {})

    def text(self, css):
        return self.s("GET", f"/element/{self.find(css)}/text")

    def type(self, css, text):
        e = self.find(css)
        self.s("POST", f"/element/{e}/clear", {})
        self.s("POST", f"/element/{e}/value", {"text": text})

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def key(self, key):
        acts = [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": acts}]})

    def select(self, css, value):
        self.click(f'{css} option[value="{value}"]')

    def screenshot(self, path):
        png = base64.b64decode(self.s("GET", "/screenshot"))
        with open(path, "wb") as f:
            f.write(png)
        print("screenshot:", path)

    def wait(self, what, check, timeout=15):
        deadline = time.time() + timeout
        while True:
            v = check()
            if v:
                return v
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(0.05)

    def quit(self):
        try:
            self.s("DELETE", "")
        except Exception:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def stones(d):
    return d.js("return document.querySelectorAll('#board .stone').length")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("url")
    ap.add_argument("outdir")
    ap.add_argument("--chromium", default="chromium")
    ap.add_argument("--driver", default="chromedriver")
    a = ap.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    shot = lambda name: d.screenshot(os.path.join(a.outdir, name))
    d = Driver(a.driver, a.chromium)
    try:
        d.get(a.url)
        d.wait("the page", lambda: "to move" in d.text("#turn"))
        # A game between two players, clicked on the board, to black's five.
        d.select("#engine", "none")
        game = [(7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (9, 8), (10, 7), (10, 8), (11, 7)]
        for k, (x, y) in enumerate(game):
            d.click(f"#c-{x}-{y}")
            d.wait(f"move {k + 1}", lambda: stones(d) == k + 1)
        banner = d.wait("the win banner", lambda: d.js(
            "const b = document.getElementById('banner'); return b.hidden ? '' : b.textContent"))
        assert "Black wins" in banner, banner
        assert d.js("return !!document.getElementById('five-line')"), "five not highlighted"
        assert d.js("return document.querySelectorAll('#board .five-ring').length") == 5
        assert d.js("return document.querySelectorAll('#moves li').length") == 10
        assert "Black wins" in d.text("#turn")
        shot("1-win.png")
        # A move after the end: refused, with the server's message shown.
        d.click("#c-0-0")
        toast = d.wait("the refusal", lambda: d.js(
            "const t = document.getElementById('toast'); return t.hidden ? '' : t.textContent"))
        assert "game is over" in toast, toast
        # The move list goes back; the keyboard undoes and starts a new game.
        d.click('#moves li[data-ply="3"]')
        d.wait("move 3 from the list", lambda: stones(d) == 3)
        d.key("\ue012")  # ArrowLeft: undo
        d.wait("undo by key", lambda: stones(d) == 2)
        d.key("n")
        d.wait("new game by key", lambda: stones(d) == 0)
        # Renju, and a position loaded from text: black's forbidden point is marked.
        d.select("#rule", "renju")
        d.wait("renju", lambda: "renju" in d.text("#turn"))
        d.type("#text", "5,7\n0,0\n7,7\n0,2\n8,5\n0,4\n8,6\n0,6\n")
        d.click("#load")
        d.wait("the loaded position", lambda: stones(d) == 8)
        forbidden = d.js(
            "return [...document.querySelectorAll('#board .forbid')].map(g => g.dataset.x + ',' + g.dataset.y)")
        assert "8,7" in forbidden, forbidden
        shot("2-renju-forbidden.png")
        # Analysis with three lines: the PV appears as text and as numbered ghost stones.
        d.select("#lines", "3")
        d.click("#analyse")
        d.wait("the PV", lambda: len(d.text("#pv")) > 0
               and d.js("return document.querySelectorAll('#ghosts circle').length") > 0
               and d.js("return document.querySelectorAll('#nbest tbody tr').length") == 3)
        time.sleep(0.6)
        assert d.text("#i-depth") != "–"
        assert "%" in d.text("#i-winrate")
        shot("3-analysis.png")
        d.click("#stop")
        d.wait("the analysis to stop", lambda: "analysing" not in d.text("#turn"))
        # Against the engine (white, 0.2 s a move): it answers the player's click.
        d.select("#engine", "white")
        d.type("#time", "0.2")
        d.select("#rule", "freestyle")
        d.click("#new")
        d.wait("a new game", lambda: stones(d) == 0 and "freestyle" in d.text("#turn"))
        d.click("#c-7-7")
        d.wait("the engine's reply", lambda: stones(d) == 2)
        x, y = d.js(
            "const taken = new Set([...document.querySelectorAll('#board .stone')]"
            ".map(c => c.getAttribute('cx') + ',' + c.getAttribute('cy')));"
            "for (const [x, y] of [[6, 6], [8, 8], [6, 8], [8, 6], [5, 5]])"
            "  if (!taken.has(x + ',' + y)) return [x, y];")
        d.click(f"#c-{x}-{y}")
        d.wait("the engine's second reply", lambda: stones(d) == 4 and "to move" in d.text("#turn"))
        d.click("#numbers")
        shot("4-against-the-engine.png")
        d.key("\ue012")  # undo takes back the player's move and the reply
        d.wait("undo of two moves", lambda: stones(d) == 2)
        # The engine against itself until stopped: Stop pauses it.
        d.select("#engine", "both")
        d.type("#time", "0.05")
        d.click("#new")
        d.wait("the engine playing both sides", lambda: stones(d) >= 4, timeout=30)
        d.click("#stop")
        d.wait("the engine to stop", lambda: "thinking" not in d.text("#turn"))
        n = stones(d)
        time.sleep(0.5)
        assert stones(d) == n, "the engine went on after Stop"
        d.key("\ue012")
        d.wait("undo by key", lambda: stones(d) == n - 1)
        # The position as SGF text.
        d.select("#format", "sgf")
        d.wait("the SGF text", lambda: d.js("return document.getElementById('text').value").startswith("(;GM[4]"))
        # A Piskvork record of a 20x20 game, loaded from text.
        d.type("#text", "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n9,12,0\n-1\n")
        d.click("#load")
        d.wait("the 20x20 record", lambda: stones(d) == 3 and "20×20" in d.text("#turn"))
        assert d.js("return document.querySelectorAll('#board .cell').length") == 400
        assert "J11" in d.text("#moves"), d.text("#moves")
        # A phone-sized window: the board fits its width.
        d.s("POST", "/window/rect", {"width": 390, "height": 844})
        width = d.wait("the narrow layout", lambda: d.js(
            "const w = document.getElementById('board').getBoundingClientRect().width;"
            "return w <= window.innerWidth && w > 200 ? w : 0"))
        print("board width on a phone-sized window:", width)
        shot("5-phone.png")
        print("OK")
    finally:
        d.quit()


if __name__ == "__main__":
    sys.exit(main())
