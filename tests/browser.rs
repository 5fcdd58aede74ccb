//! The board page in a real browser: starts `pbrain-wuzi serve --port 0` and has
//! tests/browser_test.py drive headless Chromium through chromedriver (W3C WebDriver over
//! plain HTTP). Screenshots go to `target/browser/`. Without Chromium, chromedriver or
//! Python the test says that it did not run, and passes.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The first of `names` found on the PATH.
fn which(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Kills the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_board_page_in_headless_chromium() {
    let browser = which(&["chromium", "chromium-browser", "google-chrome"]);
    let driver = which(&["chromedriver"]);
    let python = which(&["python3"]);
    let (Some(browser), Some(driver), Some(python)) = (browser, driver, python) else {
        // Straight to stderr, past the test harness's capture, so that the skip shows.
        let _ = writeln!(
            std::io::stderr(),
            "browser test did not run: it needs chromium, chromedriver and python3 \
             (Debian: apt-get install chromium chromium-driver)"
        );
        return;
    };
    let exe = env!("CARGO_BIN_EXE_pbrain-wuzi");
    let mut child = Command::new(exe)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start pbrain-wuzi serve");
    let stdout = child.stdout.take().expect("stdout");
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in '{line}'"))
        .to_string();
    // target/<profile>/pbrain-wuzi -> target/browser
    let out_dir = Path::new(exe)
        .parent()
        .and_then(Path::parent)
        .map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
        .join("browser");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser_test.py");
    let out = Command::new(python)
        .arg(script)
        .arg(&url)
        .arg(&out_dir)
        .arg("--chromium")
        .arg(&browser)
        .arg("--driver")
        .arg(&driver)
        .output()
        .expect("run tests/browser_test.py");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    println!("{text}");
    assert!(out.status.success(), "browser test failed:\n{text}\n{err}");
    assert!(text.contains("OK"), "{text}\n{err}");
    drop(server);
}
