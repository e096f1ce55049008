//! FEN as chess.js reads it: `validateFen`'s checks and messages, and `load`'s loose
//! reading (missing trailing fields filled in; with `skipValidation`, whatever its 0x88
//! loop makes of the text).

use rayscan::{Color, Square};

use crate::rules::{
    Board, KING_SIDE, QUEEN_SIDE, SIDE_BITS, flag, kind_of, parse_int, split_js_space,
};

/// chess.js's `validateFen`: `Err` with its message at the first check that fails.
/// With `chess960`, the castling field may also name rooks by file (X-FEN,
/// Shredder-FEN).
pub fn validate(fen: &str, chess960: bool) -> Result<(), &'static str> {
    let tokens = split_js_space(fen);
    if tokens.len() != 6 {
        return Err("Invalid FEN: must contain six space-delimited fields");
    }
    let move_number = parse_int(tokens[5]);
    if move_number.is_nan() || move_number <= 0.0 {
        return Err("Invalid FEN: move number must be a positive integer");
    }
    let half_moves = parse_int(tokens[4]);
    if half_moves.is_nan() || half_moves < 0.0 {
        return Err("Invalid FEN: half move counter number must be a non-negative integer");
    }
    let ep = tokens[3].as_bytes();
    let ep_ok = ep == b"-" || matches!(ep, [b'a'..=b'h', b'3' | b'6']);
    if !ep_ok {
        return Err("Invalid FEN: en-passant square is invalid");
    }
    let castling_letter = |c: char| {
        matches!(c, 'k' | 'K' | 'q' | 'Q' | '-')
            || (chess960 && c.is_ascii_alphabetic() && matches!(c.to_ascii_lowercase(), 'a'..='h'))
    };
    if !tokens[2].chars().all(castling_letter) {
        return Err("Invalid FEN: castling availability is invalid");
    }
    if !matches!(tokens[1], "w" | "b") {
        return Err("Invalid FEN: side-to-move is invalid");
    }
    let rows: Vec<&str> = tokens[0].split('/').collect();
    if rows.len() != 8 {
        return Err("Invalid FEN: piece data does not contain 8 '/'-delimited rows");
    }
    for row in &rows {
        let mut sum = 0;
        let mut previous_was_number = false;
        for c in row.chars() {
            if c.is_ascii_digit() {
                if previous_was_number {
                    return Err("Invalid FEN: piece data is invalid (consecutive number)");
                }
                sum += c as u32 - '0' as u32;
                previous_was_number = true;
            } else {
                if !"prnbqkPRNBQK".contains(c) {
                    return Err("Invalid FEN: piece data is invalid (invalid piece)");
                }
                sum += 1;
                previous_was_number = false;
            }
        }
        if sum != 8 {
            return Err("Invalid FEN: piece data is invalid (too many squares in rank)");
        }
    }
    if (ep.get(1) == Some(&b'3') && tokens[1] == "w")
        || (ep.get(1) == Some(&b'6') && tokens[1] == "b")
    {
        return Err("Invalid FEN: illegal en-passant square");
    }
    for (c, color) in [('K', "white"), ('k', "black")] {
        match tokens[0].matches(c).count() {
            0 => {
                return Err(match color {
                    "white" => "Invalid FEN: missing white king",
                    _ => "Invalid FEN: missing black king",
                });
            }
            1 => {}
            _ => {
                return Err(match color {
                    "white" => "Invalid FEN: too many white kings",
                    _ => "Invalid FEN: too many black kings",
                });
            }
        }
    }
    if format!("{}{}", rows[0], rows[7]).contains(['p', 'P']) {
        return Err("Invalid FEN: some pawns are on the edge rows");
    }
    Ok(())
}

/// The text `load` reads: with two to five fields, the missing ones filled in from
/// `- - 0 1` (chess.js then records this text in the `FEN` header).
pub fn completed(fen: &str) -> String {
    let tokens = split_js_space(fen);
    if (2..6).contains(&tokens.len()) {
        let adjustments = ["-", "-", "0", "1"];
        let mut all = tokens.clone();
        all.extend_from_slice(&adjustments[4 - (6 - tokens.len())..]);
        all.join(" ")
    } else {
        fen.to_string()
    }
}

/// chess.js's `load` of the completed text: the board, or validation's message.
/// With `skip_validation`, the pieces land where chess.js's 0x88 loop puts them (off
/// the board: dropped); a side other than `w`/`b`, fewer than two fields or an
/// en-passant field that names no square, which chess.js would keep as garbage, are
/// refused with the message validation gives. With `chess960`, each castling right
/// must name a rook beside its king on the back rank (with `skip_validation`, one that
/// does not is dropped).
pub fn read(fen: &str, skip_validation: bool, chess960: bool) -> Result<Board, String> {
    if !skip_validation {
        validate(fen, chess960)?;
    }
    let tokens = split_js_space(fen);
    if tokens.len() < 6 {
        return Err("Invalid FEN: must contain six space-delimited fields".into());
    }
    let mut board = Board::empty();
    board.chess960 = chess960;
    // chess.js's square index on its 0x88 board: a8 = 0, rows of 16.
    let mut square: i64 = 0;
    for c in tokens[0].chars() {
        if c == '/' {
            square += 8;
        } else if c.is_ascii_digit() {
            square += i64::from(c as u8 - b'0');
        } else {
            let on_board = (0..128).contains(&square) && square & 0x88 == 0;
            let mut buf = [0u8; 4];
            if let (true, Some(kind)) = (on_board, kind_of(c.encode_utf8(&mut buf))) {
                let (row, file) = (square >> 4, square & 7);
                let sq = Square::ALL[((7 - row) * 8 + file) as usize];
                let color = if c < 'a' { Color::White } else { Color::Black };
                board.put(sq, color, kind);
            }
            // JavaScript walks UTF-16 code units: a character beyond the BMP is two.
            square += c.len_utf16() as i64;
        }
    }
    board.turn = match tokens[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err("Invalid FEN: side-to-move is invalid".into()),
    };
    if chess960 {
        read_chess960_castling(&mut board, tokens[2], skip_validation)?;
    } else {
        for (c, color, bit) in [
            ('K', 0, flag::KSIDE_CASTLE),
            ('Q', 0, flag::QSIDE_CASTLE),
            ('k', 1, flag::KSIDE_CASTLE),
            ('q', 1, flag::QSIDE_CASTLE),
        ] {
            if tokens[2].contains(c) {
                board.castling[color] |= bit;
            }
        }
    }
    board.ep = match tokens[3] {
        "-" => None,
        text => Some(
            text.parse::<Square>()
                .ok()
                .filter(|_| text.bytes().all(|b| !b.is_ascii_uppercase()))
                .ok_or("Invalid FEN: en-passant square is invalid")?,
        ),
    };
    board.half_moves = parse_int(tokens[4]);
    board.move_number = parse_int(tokens[5]);
    board.hash = board.compute_hash();
    Ok(board)
}

/// The castling field of a Chess960 FEN: `K`/`Q` for the outermost rook on that side of
/// the king, a file letter for the rook on that file (upper case White's).
fn read_chess960_castling(
    board: &mut Board,
    field: &str,
    skip_validation: bool,
) -> Result<(), String> {
    for c in field.chars().filter(|&c| c != '-') {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let Some(king) = board.kings[color.index()] else {
            if skip_validation {
                continue;
            }
            return Err(format!(
                "Invalid FEN: castling availability '{field}' names '{c}' for a side with no king"
            ));
        };
        let rank = king.index() & !7;
        let mut rooks = (0..8)
            .map(|file| Square::ALL[rank + file])
            .filter(|&sq| board.at(sq) == Some((color, rayscan::Piece::Rook)));
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => (KING_SIDE, rooks.rfind(|sq| sq.file() > king.file())),
            'q' => (QUEEN_SIDE, rooks.find(|sq| sq.file() < king.file())),
            letter @ 'a'..='h' => {
                let sq = Square::ALL[rank + usize::from(letter as u8 - b'a')];
                let side = if sq.file() > king.file() {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                (side, Some(sq))
            }
            // Only without validation: a letter that names no file names no rook.
            _ => (KING_SIDE, None),
        };
        if !board.castles_with(color, side, rook) {
            if skip_validation {
                continue;
            }
            return Err(format!(
                "Invalid FEN: castling availability '{field}' names '{c}', with no rook beside the king"
            ));
        }
        board.castling[color.index()] |= SIDE_BITS[side];
        board.rooks[color.index()][side] = rook;
    }
    Ok(())
}
