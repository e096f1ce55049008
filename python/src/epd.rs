//! EPD: a FEN's first four fields and operations (`bm Nf3; id "test";`), as python-chess
//! reads and writes them. Operands are `None`, strings (quoted, with `\"`, `\\`, `\n`,
//! `\r`, `\t` escapes), integers, floats, moves in SAN, and for `pv`, `bm` and `am`
//! lists of moves. `text.rs` reads the operations; here they get their Python values.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString};

use crate::moves::{Move, cached};
use crate::raw::{self, Raw};
use crate::state::State;
use crate::text::Repr;
use crate::text::{Operand, check_opcode, operations, split_epd};

/// The operations of `epd()`, written in the order given.
pub(crate) fn write_operations(state: &State, ops: &Bound<'_, PyDict>) -> PyResult<String> {
    let mut out = Vec::new();
    for (key, operand) in ops.iter() {
        let opcode: String = key.extract()?;
        check_opcode(&opcode).map_err(PyValueError::new_err)?;
        let text = if operand.is_none() {
            format!("{opcode};")
        } else if let Ok(m) = operand.extract::<Move>() {
            format!("{opcode} {};", state.san(m, false)?)
        } else if operand.is_instance_of::<PyInt>() {
            format!("{opcode} {};", operand.str()?)
        } else if operand.is_instance_of::<PyFloat>() {
            let x: f64 = operand.extract()?;
            if !x.is_finite() {
                return Err(PyValueError::new_err(format!(
                    "epd operand of {opcode}: {x} is not finite"
                )));
            }
            format!("{opcode} {};", operand.str()?)
        } else if (opcode == "pv" || opcode == "am" || opcode == "bm")
            && !operand.is_instance_of::<PyString>()
            && operand.hasattr("__iter__")?
        {
            let mut sans = Vec::new();
            let mut line = state.copy(Some(0));
            for m in operand.try_iter()? {
                let m: Move = m?.extract()?;
                if opcode == "pv" {
                    sans.push(line.san(m, false)?);
                    line.push(m)?;
                } else {
                    sans.push(state.san(m, false)?);
                }
            }
            if opcode != "pv" {
                sans.sort();
            }
            let mut text = opcode.clone();
            for san in sans {
                text.push(' ');
                text.push_str(&san);
            }
            text.push(';');
            text
        } else {
            let s: String = operand.str()?.extract()?;
            let escaped = s
                .replace('\\', "\\\\")
                .replace('\t', "\\t")
                .replace('\r', "\\r")
                .replace('\n', "\\n")
                .replace('"', "\\\"");
            format!("{opcode} \"{escaped}\";")
        };
        out.push(text);
    }
    Ok(out.join(" "))
}

/// An EPD read: the board (the clocks from `hmvc` and `fmvn`, else 0 and 1) and the
/// operations, as python-chess's `set_epd` reads them; `ValueError` (or a move error
/// for a bad move) naming what is wrong.
pub(crate) fn read<'py>(py: Python<'py>, epd: &str) -> PyResult<(Raw, Bound<'py, PyDict>)> {
    let (parts, ops_text) = split_epd(epd);
    let ops = PyDict::new(py);
    let Some(ops_text) = ops_text else {
        let raw = raw::parse_fen(epd).map_err(PyValueError::new_err)?;
        return Ok((raw, ops));
    };
    let position = parts.join(" ");
    let read = operations(ops_text).map_err(PyValueError::new_err)?;
    // SAN is read in the position (clocks 0 and 1), as python-chess reads it: a
    // standard board.
    let mut board: Option<State> = None;
    for (opcode, operand) in read {
        let list = matches!(opcode.as_str(), "pv" | "am" | "bm");
        match operand {
            Operand::Nothing if list => ops.set_item(&opcode, PyList::empty(py))?,
            Operand::Nothing => ops.set_item(&opcode, py.None())?,
            Operand::Text(text) => ops.set_item(&opcode, text)?,
            Operand::Number(text) => {
                let bad = || {
                    PyValueError::new_err(format!(
                        "invalid numeric operand for epd operation {opcode}: {text}",
                        opcode = Repr(&opcode),
                        text = Repr(&text)
                    ))
                };
                if text.contains(['.', 'e', 'E']) {
                    let x: f64 = text.trim().parse().map_err(|_| bad())?;
                    if !x.is_finite() {
                        return Err(bad());
                    }
                    ops.set_item(&opcode, x)?;
                } else {
                    let n = py
                        .get_type::<PyInt>()
                        .call1((text.as_str(),))
                        .map_err(|_| bad())?;
                    ops.set_item(&opcode, n)?;
                }
            }
            Operand::San(text) => {
                if board.is_none() {
                    board = Some(State::from_fen(Some(&format!("{position} 0 1")), false)?);
                }
                let Some(at) = board.as_ref() else {
                    continue;
                };
                if opcode == "pv" {
                    let mut line = at.copy(Some(0));
                    let mut moves = Vec::new();
                    for token in text.split_whitespace() {
                        let m = line.parse_san(token)?;
                        line.push(m)?;
                        moves.push(cached(py, m)?);
                    }
                    ops.set_item(&opcode, PyList::new(py, moves)?)?;
                } else if list {
                    let moves = text
                        .split_whitespace()
                        .map(|t| at.parse_san(t).and_then(|m| cached(py, m)))
                        .collect::<PyResult<Vec<_>>>()?;
                    ops.set_item(&opcode, PyList::new(py, moves)?)?;
                } else {
                    let m = at.parse_san(&text)?;
                    ops.set_item(&opcode, cached(py, m)?)?;
                }
            }
        }
    }
    let clock = |key: &str, default: &str| -> PyResult<String> {
        Ok(match ops.get_item(key)? {
            Some(v) => v.str()?.extract()?,
            None => default.to_owned(),
        })
    };
    let fen = format!("{position} {} {}", clock("hmvc", "0")?, clock("fmvn", "1")?);
    let raw = raw::parse_fen(&fen).map_err(PyValueError::new_err)?;
    Ok((raw, ops))
}
