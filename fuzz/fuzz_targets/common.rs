//! What several fuzz targets check.

/// An error for a person: one line of at most 1,000 bytes, however long the input was.
pub fn one_short_line(message: &str) {
    assert!(
        message.len() <= 1000,
        "{} bytes: {message:.2000}",
        message.len()
    );
    assert_eq!(message.lines().count(), 1, "{message:.2000}");
}
