//! An LZW stream as codes ([`Codes`]), between the parse ([`crate::export::gif_lzw`]) and
//! the bits in the file: packed with any minimum code size and any numbering of the
//! symbols, its size under each known beforehand, and decoded back to its pixels.

/// Codes in a GIF LZW table (12 bits).
pub const MAX_CODES: usize = 4096;

/// An LZW stream as codes, before packing into bits: the parse of a picture, made once in
/// the alphabet of [`Codes::size`] symbols and packed ([`Codes::pack`]) for another minimum
/// code size with the symbols renumbered. Greedy LZW's parse depends only on which pixels
/// are equal, not on the numbers the colours have, so the stream for another colour table is
/// the same codes renumbered, as long as the table entries it uses exist under that code
/// size ([`Codes::fits`]: a larger code size leaves fewer of the 4096 codes to entries); and
/// every code's width depends only on its place in its table generation (see [`width`]), so
/// the size under any code size is known without encoding again ([`Codes::bits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Codes {
    /// The minimum code size it was parsed with.
    pub size: u8,
    /// Every code in order, the opening clear code and the end code included.
    pub codes: Vec<u16>,
    /// Codes in each table generation (between clear codes), the clear and end codes left out.
    pub generations: Vec<u32>,
    /// Table entries the codes use (the highest entry used, plus one).
    pub entries: u16,
}

/// Width of the item at `j` (codes before it in its table generation) for minimum code size
/// `size`: it holds the decoder's next free code, which is `2^size + 2 + (j - 1)` after the
/// generation's first code (12 bits at most).
#[inline]
pub fn width(size: u8, j: usize) -> u8 {
    let v = (1usize << size) + 1 + j;
    ((usize::BITS - v.leading_zeros()) as u8).min(12)
}

/// Sum of [`width`] for `j` in `0..=n`: a generation of `n` codes and the clear or end code
/// after it.
fn generation_bits(size: u8, n: usize) -> u64 {
    let base = (1usize << size) + 1;
    let (lo, hi) = (base, base + n);
    let mut total = 0u64;
    let mut w = size as usize + 1;
    let mut start = lo;
    while start <= hi {
        let band_end = if w >= 12 { hi } else { ((1usize << w) - 1).min(hi) };
        total += (band_end - start + 1) as u64 * w as u64;
        start = band_end + 1;
        w += 1;
    }
    total
}

impl Codes {
    /// Whether the stream can be packed with minimum code size `size`: every entry it uses
    /// has a code there.
    pub fn fits(&self, size: u8) -> bool {
        (self.entries as usize) <= MAX_CODES - (1 << size) - 2
    }

    /// Bits of the stream packed with minimum code size `size`.
    pub fn bits(&self, size: u8) -> u64 {
        size as u64 + 1 + self.generations.iter().map(|&n| generation_bits(size, n as usize)).sum::<u64>()
    }

    /// Bytes the image data takes in the file with minimum code size `size`: the size byte,
    /// the stream in sub-blocks of at most 255 bytes, the terminator.
    pub fn file_bytes(&self, size: u8) -> usize {
        let stream = self.bits(size).div_ceil(8) as usize;
        1 + stream + stream.div_ceil(255) + 1
    }

    /// The image data as [`gif::Encoder::write_lzw_pre_encoded_frame`] takes it (the minimum
    /// code size byte, then the stream not yet cut into sub-blocks) for minimum code size
    /// `size`, each symbol `s` written as `map[s]`.
    ///
    /// # Panics
    /// If the stream does not [fit](Codes::fits) `size` or a symbol maps to `1 << size` or
    /// above.
    pub fn pack(&self, map: &[u8; 256], size: u8) -> Vec<u8> {
        assert!((2..=8).contains(&size) && self.fits(size), "the stream does not fit code size {size}");
        let (from_clear, to_clear) = (1u16 << self.size, 1u16 << size);
        let mut out = Vec::with_capacity(self.bits(size).div_ceil(8) as usize + 1);
        out.push(size);
        let (mut acc, mut n) = (0u64, 0u32);
        let mut j = 0usize;
        for &c in &self.codes {
            let code = if c < from_clear {
                let m = map[c as usize] as u16;
                assert!(m < to_clear, "symbol {c} maps to {m}, above the code size");
                m
            } else {
                c - from_clear + to_clear
            };
            acc |= (code as u64) << n;
            n += width(size, j) as u32;
            while n >= 8 {
                out.push(acc as u8);
                acc >>= 8;
                n -= 8;
            }
            j = if c == from_clear { 0 } else { j + 1 };
        }
        if n > 0 {
            out.push(acc as u8);
        }
        out
    }
}

impl Codes {
    /// The symbols the stream decodes to (in the parse's alphabet).
    pub fn decode(&self) -> Vec<u8> {
        let clear = 1u16 << self.size;
        // Per entry: the code it extends and its last symbol.
        let mut table: Vec<(u16, u8)> = Vec::with_capacity(MAX_CODES);
        let mut out = Vec::new();
        let mut prev: Option<u16> = None;
        let mut scratch = Vec::new();
        let first_of = |table: &[(u16, u8)], mut c: u16| {
            while c >= clear {
                c = table[(c - clear - 2) as usize].0;
            }
            c as u8
        };
        for &c in &self.codes {
            if c == clear {
                table.clear();
                prev = None;
                continue;
            }
            if c == clear + 1 {
                break;
            }
            if let Some(p) = prev {
                if table.len() + (clear as usize) + 2 < MAX_CODES {
                    // The new entry is the previous string and this one's first symbol (the
                    // previous string's own first symbol when this code is that very entry).
                    let next = table.len() as u16 + clear + 2;
                    let first = if c == next { first_of(&table, p) } else { first_of(&table, c) };
                    table.push((p, first));
                }
            }
            scratch.clear();
            let mut x = c;
            while x >= clear {
                let (up, last) = table[(x - clear - 2) as usize];
                scratch.push(last);
                x = up;
            }
            scratch.push(x as u8);
            out.extend(scratch.iter().rev());
            prev = Some(c);
        }
        out
    }
}
