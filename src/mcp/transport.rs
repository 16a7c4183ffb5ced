//! Framing of MCP messages on a byte stream.
//!
//! Clients speak either newline-delimited JSON or `Content-Length` frames, and may switch per
//! message, so the framing is detected for every message and each reply is written back in the
//! framing of its request. The decoder is a pure state machine (no I/O, no async) so it can be
//! fuzzed directly; the async reader in `server.rs` only feeds it bytes and enforces the frame
//! deadline. Oversized input is never buffered: an oversized line is skipped to its newline and an
//! oversized declared body is discarded as it streams in.

/// Largest newline-delimited request, or header block of a `Content-Length` frame, in bytes.
pub const MAX_LINE_BYTES: usize = 8 * 1024;
/// Largest `Content-Length` body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;
/// Largest serialized response written, in bytes; a larger one is replaced by a small error.
pub const MAX_RESPONSE_BYTES: usize = 32 * 1024 * 1024;

/// How a message was framed, so its reply can be framed the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One JSON message per line.
    Line,
    /// `Content-Length: N` header block, blank line, then exactly N bytes.
    ContentLength,
}

/// A framing fault. Every one of them is answered with a JSON-RPC error and the stream stays usable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// A newline-delimited message longer than [`MAX_LINE_BYTES`]; skipped up to its newline.
    LineTooLong,
    /// A header block longer than [`MAX_LINE_BYTES`].
    HeaderTooLong,
    /// A missing, duplicated or non-decimal `Content-Length`.
    BadHeader,
    /// A declared body larger than [`MAX_BODY_BYTES`]; its bytes are discarded as they arrive.
    BodyTooLarge,
    /// The frame did not complete within the frame deadline.
    Deadline,
}

impl FrameError {
    /// A short, fixed description safe to send to the client.
    pub fn message(self) -> &'static str {
        match self {
            FrameError::LineTooLong => "request line exceeds the 8 KiB limit",
            FrameError::HeaderTooLong => "frame header exceeds the 8 KiB limit",
            FrameError::BadHeader => "invalid Content-Length header",
            FrameError::BodyTooLarge => "request body exceeds the 4 MiB limit",
            FrameError::Deadline => "incomplete frame: the 10 s frame deadline expired",
        }
    }
}

/// One decoded unit: a complete message body, or a framing fault.
#[derive(Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A complete message body (not yet checked for UTF-8 or JSON).
    Frame { framing: Framing, body: Vec<u8> },
    /// A framing fault to answer with an error.
    Error { framing: Framing, error: FrameError },
}

#[derive(Debug)]
enum State {
    /// Between messages; whitespace is skipped and does not start a frame.
    Idle,
    /// Collecting the first line of a message in `buf`.
    FirstLine,
    /// Discarding the rest of an oversized line.
    SkipLine,
    /// Collecting header lines after a `Content-Length` line.
    Headers {
        length: Option<usize>,
        bad: bool,
        used: usize,
    },
    /// Collecting a body of `length` bytes in `buf`.
    Body { length: usize },
    /// Discarding the rest of an oversized body.
    DiscardBody { remaining: usize },
}

/// Incremental frame decoder. Feed it bytes in any chunking; it yields the same messages.
#[derive(Debug)]
pub struct FrameDecoder {
    state: State,
    buf: Vec<u8>,
}

impl Default for FrameDecoder {
    fn default() -> Self {
        Self::new()
    }
}

const HEADER_NAME: &[u8] = b"content-length:";

impl FrameDecoder {
    /// A decoder waiting for the first byte of a message.
    pub fn new() -> Self {
        FrameDecoder {
            state: State::Idle,
            buf: Vec::new(),
        }
    }

    /// True while part of a message has arrived, i.e. while the frame deadline must run.
    pub fn in_frame(&self) -> bool {
        !matches!(self.state, State::Idle)
    }

    /// The frame deadline passed: drop the partial frame and report it.
    pub fn expire(&mut self) -> Option<Decoded> {
        let framing = match self.state {
            State::Idle => return None,
            State::FirstLine | State::SkipLine => Framing::Line,
            _ => Framing::ContentLength,
        };
        self.reset();
        Some(Decoded::Error {
            framing,
            error: FrameError::Deadline,
        })
    }

    /// End of input: a partial message can never complete, so it is dropped silently.
    pub fn finish(&mut self) -> bool {
        let partial = self.in_frame();
        self.reset();
        partial
    }

    fn reset(&mut self) {
        self.state = State::Idle;
        self.buf = Vec::new();
    }

    /// Consume `input` entirely, appending every completed message or fault to `out`.
    pub fn feed(&mut self, mut input: &[u8], out: &mut Vec<Decoded>) {
        while !input.is_empty() {
            input = self.step(input, out);
        }
    }

    /// Advance the state machine over a prefix of `input` and return the rest.
    fn step<'a>(&mut self, input: &'a [u8], out: &mut Vec<Decoded>) -> &'a [u8] {
        match &mut self.state {
            State::Idle => {
                let skip = input
                    .iter()
                    .position(|b| !b.is_ascii_whitespace())
                    .unwrap_or(input.len());
                if skip < input.len() {
                    self.state = State::FirstLine;
                }
                &input[skip..]
            }
            State::FirstLine => {
                let (taken, newline) = split_line(input);
                if self.buf.len() + taken.len() > MAX_LINE_BYTES {
                    self.buf = Vec::new();
                    out.push(Decoded::Error {
                        framing: Framing::Line,
                        error: FrameError::LineTooLong,
                    });
                    self.state = if newline {
                        State::Idle
                    } else {
                        State::SkipLine
                    };
                    return &input[taken.len()..];
                }
                self.buf.extend_from_slice(taken);
                if newline {
                    self.finish_first_line(out);
                }
                &input[taken.len()..]
            }
            State::SkipLine => {
                let (taken, newline) = split_line(input);
                if newline {
                    self.state = State::Idle;
                }
                &input[taken.len()..]
            }
            State::Headers { used, .. } => {
                let (taken, newline) = split_line(input);
                if *used + self.buf.len() + taken.len() > MAX_LINE_BYTES {
                    self.buf = Vec::new();
                    out.push(Decoded::Error {
                        framing: Framing::ContentLength,
                        error: FrameError::HeaderTooLong,
                    });
                    self.state = if newline {
                        State::Idle
                    } else {
                        State::SkipLine
                    };
                    return &input[taken.len()..];
                }
                self.buf.extend_from_slice(taken);
                if newline {
                    self.finish_header_line(out);
                }
                &input[taken.len()..]
            }
            State::Body { length } => {
                let want = *length - self.buf.len();
                let take = want.min(input.len());
                self.buf.extend_from_slice(&input[..take]);
                if self.buf.len() == *length {
                    let body = std::mem::take(&mut self.buf);
                    self.state = State::Idle;
                    out.push(Decoded::Frame {
                        framing: Framing::ContentLength,
                        body,
                    });
                }
                &input[take..]
            }
            State::DiscardBody { remaining } => {
                let take = (*remaining).min(input.len());
                *remaining -= take;
                if *remaining == 0 {
                    self.state = State::Idle;
                }
                &input[take..]
            }
        }
    }

    /// A whole first line (with its newline) is in `buf`: a header or a newline message.
    fn finish_first_line(&mut self, out: &mut Vec<Decoded>) {
        let line = trim_line_end(&self.buf);
        if starts_with_ignore_case(line, HEADER_NAME) {
            let length = parse_length(&line[HEADER_NAME.len()..]);
            self.state = State::Headers {
                bad: length.is_none(),
                length,
                used: self.buf.len(),
            };
            self.buf.clear();
            return;
        }
        let mut body = std::mem::take(&mut self.buf);
        let end = trim_line_end(&body).len();
        body.truncate(end);
        self.state = State::Idle;
        out.push(Decoded::Frame {
            framing: Framing::Line,
            body,
        });
    }

    /// A whole header line is in `buf`: another header, or the blank line that ends the block.
    fn finish_header_line(&mut self, out: &mut Vec<Decoded>) {
        let State::Headers { length, bad, used } = &mut self.state else {
            return;
        };
        let line = trim_line_end(&self.buf);
        if !line.is_empty() {
            // Other headers (such as Content-Type) are tolerated; a second length is not.
            if starts_with_ignore_case(line, HEADER_NAME) || !line.contains(&b':') {
                *bad = true;
            }
            *used += self.buf.len();
            self.buf.clear();
            return;
        }
        let (length, bad) = (*length, *bad);
        self.buf = Vec::new();
        match length {
            Some(length) if !bad && length <= MAX_BODY_BYTES => {
                self.state = State::Body { length };
                if length == 0 {
                    self.state = State::Idle;
                    out.push(Decoded::Frame {
                        framing: Framing::ContentLength,
                        body: Vec::new(),
                    });
                }
            }
            Some(length) if !bad => {
                self.state = State::DiscardBody { remaining: length };
                out.push(Decoded::Error {
                    framing: Framing::ContentLength,
                    error: FrameError::BodyTooLarge,
                });
            }
            _ => {
                self.state = State::Idle;
                out.push(Decoded::Error {
                    framing: Framing::ContentLength,
                    error: FrameError::BadHeader,
                });
            }
        }
    }
}

/// The prefix of `input` up to and including the first newline, and whether it had one.
fn split_line(input: &[u8]) -> (&[u8], bool) {
    match input.iter().position(|&b| b == b'\n') {
        Some(i) => (&input[..=i], true),
        None => (input, false),
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && matches!(line[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    &line[..end]
}

fn starts_with_ignore_case(line: &[u8], prefix: &[u8]) -> bool {
    line.len() >= prefix.len() && line[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// A strict decimal length: optional surrounding spaces, digits only, no overflow.
/// Values above the body limit are kept (saturated) so the body can be discarded, not rejected
/// as malformed.
fn parse_length(value: &[u8]) -> Option<usize> {
    let digits = value.trim_ascii();
    if digits.is_empty() || digits.len() > 20 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut n: u64 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    Some(usize::try_from(n).unwrap_or(usize::MAX))
}

/// Frame a serialized response the way its request was framed.
pub fn encode(framing: Framing, body: &[u8]) -> Vec<u8> {
    match framing {
        Framing::Line => {
            let mut out = Vec::with_capacity(body.len() + 1);
            out.extend_from_slice(body);
            out.push(b'\n');
            out
        }
        Framing::ContentLength => {
            let header = format!("Content-Length: {}\r\n\r\n", body.len());
            let mut out = Vec::with_capacity(header.len() + body.len());
            out.extend_from_slice(header.as_bytes());
            out.extend_from_slice(body);
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_chunks(chunks: &[&[u8]]) -> Vec<Decoded> {
        let mut d = FrameDecoder::new();
        let mut out = Vec::new();
        for c in chunks {
            d.feed(c, &mut out);
        }
        out
    }

    fn frame(framing: Framing, body: &str) -> Decoded {
        Decoded::Frame {
            framing,
            body: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn both_framings_in_one_stream_in_any_chunking() {
        let stream = b"{\"a\":1}\r\nContent-Length: 7\r\n\r\n{\"b\":2}\n\n{\"c\":3}\n";
        let want = vec![
            frame(Framing::Line, "{\"a\":1}"),
            frame(Framing::ContentLength, "{\"b\":2}"),
            frame(Framing::Line, "{\"c\":3}"),
        ];
        assert_eq!(decode_chunks(&[stream]), want);
        let bytes: Vec<&[u8]> = stream.chunks(1).collect();
        assert_eq!(decode_chunks(&bytes), want);
    }

    #[test]
    fn header_name_is_case_insensitive_and_other_headers_are_tolerated() {
        let out =
            decode_chunks(&[b"content-length: 2\r\nContent-Type: application/json\r\n\r\n{}"]);
        assert_eq!(out, vec![frame(Framing::ContentLength, "{}")]);
    }

    #[test]
    fn oversized_line_is_skipped_to_its_newline() {
        let mut long = vec![b'x'; MAX_LINE_BYTES + 10];
        long.push(b'\n');
        long.extend_from_slice(b"{}\n");
        let out = decode_chunks(&[&long]);
        assert_eq!(
            out,
            vec![
                Decoded::Error {
                    framing: Framing::Line,
                    error: FrameError::LineTooLong
                },
                frame(Framing::Line, "{}")
            ]
        );
    }

    #[test]
    fn line_of_exactly_the_limit_is_accepted() {
        let mut line = vec![b' '; MAX_LINE_BYTES - 3];
        line[0] = b'{';
        line.extend_from_slice(b"}\n");
        let out = decode_chunks(&[&line]);
        assert!(matches!(out.as_slice(), [Decoded::Frame { .. }]), "{out:?}");
    }

    #[test]
    fn oversized_body_is_discarded_without_buffering() {
        let mut d = FrameDecoder::new();
        let mut out = Vec::new();
        d.feed(b"Content-Length: 100000000\r\n\r\n", &mut out);
        assert_eq!(
            out,
            vec![Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::BodyTooLarge
            }]
        );
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..95 {
            d.feed(&chunk, &mut out);
            assert!(d.buf.capacity() < 64 * 1024);
        }
        let rest = 100_000_000 - 95 * (1 << 20);
        d.feed(&vec![b'a'; rest], &mut out);
        d.feed(b"{}\n", &mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1], frame(Framing::Line, "{}"));
    }

    #[test]
    fn bad_lengths_are_rejected() {
        for header in [
            "Content-Length: abc\r\n\r\n",
            "Content-Length: -1\r\n\r\n",
            "Content-Length:\r\n\r\n",
            "Content-Length: 1\r\nContent-Length: 1\r\n\r\n",
            "Content-Length: 99999999999999999999999\r\n\r\n",
        ] {
            let out = decode_chunks(&[header.as_bytes(), b"{}\n"]);
            assert_eq!(
                out[0],
                Decoded::Error {
                    framing: Framing::ContentLength,
                    error: FrameError::BadHeader
                },
                "{header}"
            );
            assert_eq!(out[1], frame(Framing::Line, "{}"), "{header}");
        }
    }

    #[test]
    fn deadline_drops_a_partial_frame() {
        let mut d = FrameDecoder::new();
        let mut out = Vec::new();
        assert!(!d.in_frame());
        d.feed(b"\n\n  ", &mut out);
        assert!(!d.in_frame(), "whitespace does not start a frame");
        d.feed(b"Content-Length: 10\r\n\r\n{\"a\"", &mut out);
        assert!(d.in_frame());
        assert_eq!(
            d.expire(),
            Some(Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::Deadline
            })
        );
        d.feed(b"{}\n", &mut out);
        assert_eq!(out, vec![frame(Framing::Line, "{}")]);
    }

    #[test]
    fn encode_matches_framing() {
        assert_eq!(encode(Framing::Line, b"{}"), b"{}\n");
        assert_eq!(
            encode(Framing::ContentLength, b"{}"),
            b"Content-Length: 2\r\n\r\n{}"
        );
    }

    #[test]
    fn the_limits_are_the_documented_ones_and_each_fault_says_which() {
        assert_eq!(MAX_LINE_BYTES, 8192);
        assert_eq!(MAX_BODY_BYTES, 4 * 1024 * 1024);
        assert_eq!(MAX_RESPONSE_BYTES, 32 * 1024 * 1024);
        let messages = [
            (FrameError::LineTooLong, "8 KiB"),
            (FrameError::HeaderTooLong, "8 KiB"),
            (FrameError::BadHeader, "Content-Length"),
            (FrameError::BodyTooLarge, "4 MiB"),
            (FrameError::Deadline, "deadline"),
        ];
        for (error, says) in messages {
            assert!(error.message().contains(says), "{error:?}");
        }
    }

    #[test]
    fn an_expired_or_ended_partial_frame_is_reported_in_its_framing() {
        let mut d = FrameDecoder::new();
        let mut out = Vec::new();
        assert_eq!(d.expire(), None);
        assert!(!d.finish());
        d.feed(b"{\"jsonrpc\"", &mut out);
        assert_eq!(
            d.expire(),
            Some(Decoded::Error {
                framing: Framing::Line,
                error: FrameError::Deadline
            })
        );
        assert!(!d.in_frame());
        d.feed(b"Content-Length: 5\r\n", &mut out);
        assert_eq!(
            d.expire(),
            Some(Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::Deadline
            })
        );
        d.feed(b"{\"a", &mut out);
        assert!(d.finish(), "a partial message at the end of input");
        assert!(!d.in_frame());
        assert!(out.is_empty());
    }

    #[test]
    fn line_and_header_limits_are_exact() {
        // A line of exactly 8 KiB, its newline included, is a message; one byte more is not.
        let line = |len: usize| {
            let mut l = vec![b' '; len - 2];
            l[0] = b'{';
            l.extend_from_slice(b"}\n");
            assert_eq!(l.len(), len);
            l
        };
        let out = decode_chunks(&[&line(MAX_LINE_BYTES)]);
        assert!(matches!(out.as_slice(), [Decoded::Frame { .. }]), "{out:?}");
        let out = decode_chunks(&[&line(MAX_LINE_BYTES + 1)]);
        assert_eq!(
            out,
            vec![Decoded::Error {
                framing: Framing::Line,
                error: FrameError::LineTooLong
            }]
        );
        // A header block of exactly 8 KiB over several lines is read; one byte more is not.
        let block = |len: usize| {
            let mut b = b"Content-Length: 2\r\n".to_vec();
            for _ in 0..3 {
                b.extend_from_slice(
                    b"X-Pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n",
                );
            }
            let fill = len - b.len() - "X-Pad: \r\n\r\n".len();
            b.extend_from_slice(b"X-Pad: ");
            b.extend(std::iter::repeat_n(b'b', fill));
            b.extend_from_slice(b"\r\n\r\n");
            assert_eq!(b.len(), len);
            b.extend_from_slice(b"{}");
            b
        };
        assert_eq!(
            decode_chunks(&[&block(MAX_LINE_BYTES)]),
            vec![frame(Framing::ContentLength, "{}")]
        );
        let out = decode_chunks(&[&block(MAX_LINE_BYTES + 1)]);
        assert_eq!(
            out.first(),
            Some(&Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::HeaderTooLong
            })
        );
        // The same in small reads, so header lines arrive in pieces.
        let exact = block(MAX_LINE_BYTES);
        let pieces: Vec<&[u8]> = exact.chunks(7).collect();
        assert_eq!(
            decode_chunks(&pieces),
            vec![frame(Framing::ContentLength, "{}")]
        );
        let over = block(MAX_LINE_BYTES + 1);
        let pieces: Vec<&[u8]> = over.chunks(7).collect();
        assert_eq!(
            decode_chunks(&pieces).first(),
            Some(&Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::HeaderTooLong
            })
        );
    }

    #[test]
    fn a_body_split_across_reads_ends_exactly_at_its_length() {
        let out = decode_chunks(&[b"Content-Length: 7\r\n\r\n{\"b\"", b":2}{\"c\":3}\n"]);
        assert_eq!(
            out,
            vec![
                frame(Framing::ContentLength, "{\"b\":2}"),
                frame(Framing::Line, "{\"c\":3}")
            ]
        );
    }

    #[test]
    fn blank_lines_between_messages_are_not_a_frame() {
        let mut d = FrameDecoder::new();
        let mut out = Vec::new();
        d.feed(b"\n\r\n  \t\n", &mut out);
        assert!(!d.in_frame());
        assert_eq!(d.expire(), None);
        d.feed(b"\n{}\n", &mut out);
        assert_eq!(out, vec![frame(Framing::Line, "{}")]);
    }

    #[test]
    fn a_twenty_digit_length_is_too_large_not_malformed() {
        // 10^19 has 20 digits and fits a u64: a body to discard, not a bad header.
        let out = decode_chunks(&[b"Content-Length: 10000000000000000000\r\n\r\n"]);
        assert_eq!(
            out,
            vec![Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::BodyTooLarge
            }]
        );
        let out = decode_chunks(&[b"Content-Length: 100000000000000000000\r\n\r\n"]);
        assert_eq!(
            out,
            vec![Decoded::Error {
                framing: Framing::ContentLength,
                error: FrameError::BadHeader
            }]
        );
    }
}
