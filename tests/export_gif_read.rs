//! `gif_read` composes frames as a viewer does: offsets, transparent pixels, and each
//! disposal (keep, background: cleared to transparent, previous: restored), checked on a
//! hand-made GIF against pictures worked out by hand and against the `image` crate's decoder.

use image::AnimationDecoder;
use std::borrow::Cow;
use tumble::export::gif_read::decode;

const R: [u8; 4] = [255, 0, 0, 255];
const B: [u8; 4] = [0, 0, 255, 255];
const G: [u8; 4] = [0, 255, 0, 255];
const T: [u8; 4] = [0, 0, 0, 0];

fn frame(left: u16, top: u16, w: u16, h: u16, px: &[u8], dispose: gif::DisposalMethod) -> gif::Frame<'static> {
    gif::Frame {
        left,
        top,
        width: w,
        height: h,
        delay: 10,
        dispose,
        transparent: Some(3),
        buffer: Cow::Owned(px.to_vec()),
        ..gif::Frame::default()
    }
}

#[test]
fn every_disposal_and_transparency_compose_as_a_viewer_shows_them() {
    let palette = [255, 0, 0, 0, 0, 255, 0, 255, 0, 0, 0, 0]; // red, blue, green, (transparent)
    let mut bytes = Vec::new();
    {
        let mut e = gif::Encoder::new(&mut bytes, 3, 2, &palette).unwrap();
        use gif::DisposalMethod::*;
        // 1: all red, kept.
        e.write_frame(&frame(0, 0, 3, 2, &[0; 6], Keep)).unwrap();
        // 2: blue at (1,0)-(2,0), the second pixel transparent; then restored (previous).
        e.write_frame(&frame(1, 0, 2, 1, &[1, 3], Previous)).unwrap();
        // 3: green at (0,1); then cleared to transparent (background).
        e.write_frame(&frame(0, 1, 1, 1, &[2], Background)).unwrap();
        // 4: blue at (2,1), kept.
        e.write_frame(&frame(2, 1, 1, 1, &[1], Keep)).unwrap();
    }
    let pic = |px: [[u8; 4]; 6]| px.concat();
    let want = [pic([R, R, R, R, R, R]), pic([R, B, R, R, R, R]), pic([R, R, R, G, R, R]), pic([R, R, R, T, R, B])];
    let d = decode(&bytes[..]).unwrap();
    assert_eq!(d.repeat, None, "no loop extension: plays once");
    assert_eq!(d.frames.len(), 4);
    for (k, (f, w)) in d.frames.iter().zip(&want).enumerate() {
        assert_eq!(&f.rgba, w, "frame {}", k + 1);
        assert_eq!(f.delay_cs, 10);
    }
    let theirs = image::codecs::gif::GifDecoder::new(&bytes[..]).unwrap().into_frames().collect_frames().unwrap();
    for (k, (a, w)) in theirs.iter().zip(&want).enumerate() {
        assert_eq!(a.buffer().as_raw(), w, "the image crate's frame {}", k + 1);
    }
}
