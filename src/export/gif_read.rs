//! Reading a GIF back as a viewer shows it: every frame composed onto the canvas with its
//! offset and the previous frame's disposal. Tests use it to check exports against the frames
//! that were rendered.

use std::io::Read;

/// A composed frame: the full canvas after drawing it, and its delay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComposedFrame {
    /// `width * height * 4` bytes of RGBA, top row first.
    pub rgba: Vec<u8>,
    /// Display time, centiseconds.
    pub delay_cs: u16,
}

/// A decoded animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// Canvas width, pixels.
    pub width: u32,
    /// Canvas height, pixels.
    pub height: u32,
    /// `Some(0)` loops forever, `Some(n)` repeats n times, `None` plays once (no loop extension).
    pub repeat: Option<u16>,
    /// The composed frames, in order.
    pub frames: Vec<ComposedFrame>,
}

impl Decoded {
    /// The frame on screen `cs` centiseconds after the start (the last one past the end):
    /// equal frames are merged into longer delays, so a frame k of a 20 fps export is the
    /// one shown at `5 * k` cs.
    pub fn at_cs(&self, cs: u64) -> &ComposedFrame {
        let mut start = 0u64;
        for f in &self.frames {
            if cs < start + f.delay_cs as u64 {
                return f;
            }
            start += f.delay_cs as u64;
        }
        self.frames.last().expect("a GIF has a frame")
    }

    /// Length, centiseconds (the delays added up).
    pub fn duration_cs(&self) -> u64 {
        self.frames.iter().map(|f| f.delay_cs as u64).sum()
    }
}

/// How the previous frame is cleared: its disposal, its rectangle (x, y, width, height) and,
/// for "previous", the canvas saved before it.
type Disposal = (gif::DisposalMethod, (usize, usize, usize, usize), Vec<u8>);

/// Decodes a GIF and composes its frames (disposal: keep, background, previous).
///
/// # Errors
/// Any decoding error, as text.
pub fn decode(data: impl Read) -> Result<Decoded, String> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(data).map_err(|e| e.to_string())?;
    let (w, h) = (dec.width() as usize, dec.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut frames = Vec::new();
    let mut previous: Option<Disposal> = None;
    while let Some(frame) = dec.read_next_frame().map_err(|e| e.to_string())? {
        if let Some((dispose, (x, y, fw, fh), saved)) = previous.take() {
            match dispose {
                gif::DisposalMethod::Background => {
                    for row in y..(y + fh).min(h) {
                        for col in x..(x + fw).min(w) {
                            canvas[(row * w + col) * 4..][..4].fill(0);
                        }
                    }
                }
                gif::DisposalMethod::Previous => canvas = saved,
                _ => {}
            }
        }
        let rect = (frame.left as usize, frame.top as usize, frame.width as usize, frame.height as usize);
        let saved = if frame.dispose == gif::DisposalMethod::Previous { canvas.clone() } else { Vec::new() };
        for row in 0..rect.3 {
            for col in 0..rect.2 {
                let (cx, cy) = (rect.0 + col, rect.1 + row);
                if cx >= w || cy >= h {
                    continue;
                }
                let src = &frame.buffer[(row * rect.2 + col) * 4..][..4];
                if src[3] == 0 {
                    continue; // transparent pixel: the canvas shows through
                }
                canvas[(cy * w + cx) * 4..][..4].copy_from_slice(src);
            }
        }
        frames.push(ComposedFrame { rgba: canvas.clone(), delay_cs: frame.delay });
        previous = Some((frame.dispose, rect, saved));
    }
    let repeat = match dec.repeat() {
        gif::Repeat::Infinite => Some(0),
        gif::Repeat::Finite(0) => None,
        gif::Repeat::Finite(n) => Some(n),
    };
    Ok(Decoded { width: w as u32, height: h as u32, repeat, frames })
}
