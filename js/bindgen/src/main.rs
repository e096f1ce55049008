//! `npm run build`'s wasm-bindgen step: writes the JavaScript glue and the final `.wasm`
//! of the WebAssembly half into a folder, as `wasm-bindgen --target web --no-typescript
//! --out-dir OUT INPUT` does.
//!
//! It is wasm-bindgen's own library at the version of `js/Cargo.lock`, which pins it to
//! the `wasm-bindgen` the WebAssembly half links. `cargo install wasm-bindgen-cli` would
//! compile the whole command-line tool, its test runner and server among it, for minutes
//! (`scripts/build.mjs` runs this instead).
//!
//! Usage: `rayscan-js-bindgen INPUT.wasm OUT_DIR`; a wrong argument exits 2.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_dir] = args.as_slice() else {
        eprintln!(
            "usage: rayscan-js-bindgen INPUT.wasm OUT_DIR (got {} arguments)",
            args.len()
        );
        return ExitCode::from(2);
    };
    let mut bindgen = wasm_bindgen_cli_support::Bindgen::new();
    bindgen.input_path(input).typescript(false);
    let generated = bindgen.web(true).and_then(|b| b.generate(out_dir));
    match generated {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rayscan-js-bindgen: {input}: {e:#}");
            ExitCode::FAILURE
        }
    }
}
