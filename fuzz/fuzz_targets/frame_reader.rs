//! Fuzz the MCP frame decoder: any bytes, in any chunking, must never panic, must never buffer
//! more than the limits allow, and must decode identically however the input is split. The
//! input can be repeated (second byte) to reach the 8 KiB line and header limits.
#![no_main]

#[path = "../../src/mcp/transport.rs"]
#[allow(dead_code, unused_imports)]
mod transport;

use libfuzzer_sys::fuzz_target;
use transport::{Decoded, FrameDecoder, MAX_BODY_BYTES, MAX_LINE_BYTES};

fuzz_target!(|data: &[u8]| {
    let [split, repeat, rest @ ..] = data else {
        return;
    };
    let times = usize::from(*repeat) % 64 + 1;
    let input: Vec<u8> = rest.iter().copied().cycle().take(rest.len() * times).collect();
    let mut whole = FrameDecoder::new();
    let mut expected = Vec::new();
    whole.feed(&input, &mut expected);

    let step = usize::from(*split).max(1);
    let mut chunked = FrameDecoder::new();
    let mut got = Vec::new();
    for chunk in input.chunks(step) {
        chunked.feed(chunk, &mut got);
    }
    assert_eq!(expected, got, "decoding depends on chunking");
    for d in &got {
        if let Decoded::Frame { body, .. } = d {
            assert!(body.len() <= MAX_BODY_BYTES.max(MAX_LINE_BYTES));
        }
    }
});
