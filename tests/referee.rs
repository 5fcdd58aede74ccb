//! Runs the scripts' own tests (tests/referee_test.py: scripts/match.py adjudication with fake
//! engines, c-gomoku-cli failure accounting, forced-win kinds, every tool's --help).
use std::process::Command;

#[test]
fn referee_adjudicates_fake_engines() {
    let out = Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/referee_test.py"
        ))
        .output()
        .expect("python3 is needed for the referee tests (see README)");
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "referee tests failed:\n{text}");
    assert!(text.contains("OK"), "{text}");
}
