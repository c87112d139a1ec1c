//! The pictures of a web page, stored small: every picture is drawn by the SVG backend
//! ([`crate::render::svg::SvgWriter::elements`]) as a list of SVG element strings; each
//! distinct string is kept once in a dictionary and each distinct picture once as a list of
//! references into it (one frame to the next, most of a picture is unchanged). The whole store
//! is gzip-compressed and written as text into the page ([`super::html_text`]), where the browser's
//! `DecompressionStream` unpacks it: the page's script only joins stored strings, it draws
//! nothing itself.

use crate::render::svg::SvgWriter;
use crate::scene::Scene;
use rustc_hash::FxHashMap;
use std::io::Write as _;

/// Pictures for one page: the element dictionary, the pictures as references, the glyphs.
#[derive(Default)]
pub struct PictureStore {
    writer: SvgWriter,
    elements: Vec<String>,
    element_ids: FxHashMap<String, u32>,
    pictures: Vec<Vec<u32>>,
    picture_ids: FxHashMap<Vec<u32>, u32>,
}

impl PictureStore {
    /// An empty store.
    pub fn new() -> PictureStore {
        PictureStore::default()
    }

    /// Adds `scene` drawn at `width` x `height` pixels (the picture's `viewBox`) and returns its
    /// picture number, the same for a picture already stored.
    pub fn add(&mut self, scene: &Scene, width: u32, height: u32) -> u32 {
        let ids: Vec<u32> = self
            .writer
            .elements(scene, width, height)
            .into_iter()
            .map(|e| {
                let next = self.elements.len() as u32;
                *self.element_ids.entry(e).or_insert_with_key(|e| {
                    self.elements.push(e.clone());
                    next
                })
            })
            .collect();
        let next = self.pictures.len() as u32;
        *self.picture_ids.entry(ids).or_insert_with_key(|ids| {
            self.pictures.push(ids.clone());
            next
        })
    }

    /// Distinct pictures stored.
    pub fn pictures(&self) -> usize {
        self.pictures.len()
    }

    /// Distinct elements stored.
    pub fn elements(&self) -> usize {
        self.elements.len()
    }

    /// The store as text, three parts separated by newlines: the `<defs>` of the glyphs every
    /// picture refers to by id; the pictures, `;`-separated, each a `,`-separated list of
    /// element numbers and inclusive ranges (`0-57,3,60-61`); then the elements, one a line.
    /// (SVG elements from the backend hold no newline; one would be read as a space.)
    pub fn text(&self) -> String {
        let mut s = self.writer.defs().replace('\n', " ");
        s.push('\n');
        for (i, picture) in self.pictures.iter().enumerate() {
            if i > 0 {
                s.push(';');
            }
            s.push_str(&ranges(picture));
        }
        for e in &self.elements {
            s.push('\n');
            s.push_str(&e.replace('\n', " "));
        }
        s
    }

    /// [`PictureStore::text`], gzip-compressed (best compression) and written in
    /// [`super::html_text::encode`]'s seven-bits-a-character text: what the page's script decodes.
    pub fn packed(&self) -> String {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(self.text().as_bytes()).expect("writing to memory");
        super::html_text::encode(&gz.finish().expect("writing to memory"))
    }
}

/// `ids` as a `,`-separated list of numbers and inclusive ranges of consecutive numbers.
fn ranges(ids: &[u32]) -> String {
    let mut s = String::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        if i > 0 {
            s.push(',');
        }
        s.push_str(&ids[i].to_string());
        if j > i {
            s.push('-');
            s.push_str(&ids[j].to_string());
        }
        i = j + 1;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Color, Layer, View};
    use std::io::Read as _;

    fn scene(x: f32) -> Scene {
        let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 2.0, h: 1.0 }, Color::hex(0xffffff));
        let mut l = Layer::new();
        l.rect(0.0, 0.0, 1.0, 1.0, Color::hex(0x123456));
        l.circle(x, 0.5, 0.25, Color::hex(0xff0000));
        s.layers.push(l);
        s
    }

    #[test]
    fn shared_elements_and_pictures_are_stored_once() {
        let mut store = PictureStore::new();
        assert_eq!(store.add(&scene(1.5), 200, 100), 0);
        assert_eq!(store.add(&scene(1.25), 200, 100), 1);
        assert_eq!(store.add(&scene(1.5), 200, 100), 0, "the same picture again");
        // Background, square, and two circles.
        assert_eq!((store.pictures(), store.elements()), (2, 4));
        let text = store.text();
        let lines: Vec<&str> = text.split('\n').collect();
        assert_eq!(lines[0], "<defs/>", "no glyphs");
        assert_eq!(lines[1], "0-2;0-1,3");
        assert_eq!(lines[4], r##"<circle cx="150" cy="50" r="25" fill="#ff0000"/>"##);
        assert_eq!(lines.len(), 2 + 4);
    }

    #[test]
    fn ranges_join_consecutive_numbers() {
        assert_eq!(ranges(&[0, 1, 2, 7, 3, 4, 9]), "0-2,7,3-4,9");
        assert_eq!(ranges(&[]), "");
        assert_eq!(ranges(&[5]), "5");
    }

    #[test]
    fn packed_is_gzip_of_the_text_in_seven_bit_characters() {
        let mut store = PictureStore::new();
        store.add(&scene(1.5), 200, 100);
        let bytes = super::super::html_text::decode(&store.packed()).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).unwrap();
        assert_eq!(text, store.text());
    }
}
