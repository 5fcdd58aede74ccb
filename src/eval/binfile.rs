//! The framing the evaluation's data files share (tables `WUZIEVAL` of
//! [`crate::eval::weights`], ordering corrections `WUZIPOLI` of [`crate::eval::policy`]): an
//! 8-byte magic, a u32 version, a body of known size, and a u32 FNV-1a checksum of
//! everything before it, little endian. A file of the wrong kind, version or size, or with
//! a bad checksum, is refused with a reason rather than read.

/// FNV-1a, 32 bits.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// Appends the checksum of `b` to it.
pub fn seal(mut b: Vec<u8>) -> Vec<u8> {
    let sum = fnv1a(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    b
}

/// Checks the magic, that a header of `header` bytes is there, and the version (`what`
/// names the kind of file in the error).
pub fn check_head(
    b: &[u8],
    magic: &[u8; 8],
    version: u32,
    header: usize,
    what: &str,
) -> Result<(), String> {
    if b.len() < 8 || &b[..8] != magic {
        return Err(format!("not a Wuzi {what} file (bad magic)"));
    }
    if b.len() < header.max(12) {
        return Err(format!("{} bytes, too short for the header", b.len()));
    }
    let v = u32::from_le_bytes([b[8], b[9], b[10], b[11]]);
    if v != version {
        return Err(format!("version {v}, this engine reads version {version}"));
    }
    Ok(())
}

/// Checks the total size and the checksum.
pub fn check_body(b: &[u8], expected: usize) -> Result<(), String> {
    if b.len() != expected {
        return Err(format!(
            "{} bytes, expected {expected} (truncated or padded)",
            b.len()
        ));
    }
    let body = expected - 4;
    let stored = u32::from_le_bytes([b[body], b[body + 1], b[body + 2], b[body + 3]]);
    if fnv1a(&b[..body]) != stored {
        return Err("checksum mismatch (corrupted)".into());
    }
    Ok(())
}
