//! GIF's LZW compression (GIF89a, appendix F) with a free choice at the pixels a frame does not
//! change: such a pixel may be written as its own colour or as the transparent index, and
//! both show the same picture. At each code the encoder takes the longest string in its table
//! that the coming pixels can be written as, choosing pixel by pixel (a depth-first walk of
//! the table, bounded by [`SEARCH_BUDGET`] steps). With no free pixel it is plain greedy LZW,
//! the same stream the `gif` crate's encoder (weezl) makes.
//!
//! The table is cleared when it is full (4096 codes), as most encoders do; code widths grow
//! as the decoder expects (a code is read with the width that holds the decoder's next free
//! code, the decoder being one entry behind the encoder).

/// Most table steps one code's search takes before it settles for the longest string found.
pub const SEARCH_BUDGET: usize = 96;

const MAX_CODES: usize = 4096;

/// What to encode: one symbol per pixel, in rows, and where a pixel may be written as `alt`.
#[derive(Clone, Copy, Debug)]
pub struct Pixels<'a> {
    /// Each pixel's colour index (below `1 << min_code_size`).
    pub symbols: &'a [u8],
    /// `Some((free, alt))`: where `free[i]` is true, pixel `i` may be written as `alt` (the
    /// transparent index) instead; `free.len() == symbols.len()`.
    pub free: Option<(&'a [bool], u8)>,
}

/// The code table: a dense child array (`alpha` slots per code) and the slots made since the
/// last clear, so that clearing costs as much as the codes made.
struct Table {
    alpha: usize,
    child: Vec<u16>,
    made: Vec<u32>,
    first_free: u16,
    next: u16,
}

thread_local! {
    /// Each thread's zeroed child array, kept between encodes (making a 2 MB zeroed array
    /// for every frame cost more than encoding small frames).
    static SPARE: std::cell::RefCell<Option<(Vec<u16>, Vec<u32>)>> = const { std::cell::RefCell::new(None) };
}

impl Table {
    fn new(min_code_size: u8) -> Table {
        let alpha = 1usize << min_code_size;
        let first_free = alpha as u16 + 2;
        let (child, made) = SPARE
            .with(|s| s.borrow_mut().take())
            .unwrap_or_else(|| (vec![0; MAX_CODES * 256], Vec::with_capacity(MAX_CODES)));
        Table { alpha, child, made, first_free, next: first_free }
    }

    #[inline]
    fn get(&self, code: u16, symbol: u8) -> u16 {
        self.child[code as usize * self.alpha + symbol as usize]
    }

    fn add(&mut self, code: u16, symbol: u8) {
        let slot = code as u32 * self.alpha as u32 + symbol as u32;
        self.child[slot as usize] = self.next;
        self.made.push(slot);
        self.next += 1;
    }

    /// Adds `code` + `symbol`, widens the codes when the decoder will, and says whether the
    /// table just filled under [`Clear::Eager`] (time to clear).
    fn define(&mut self, code: u16, symbol: u8, width: &mut u8, filled: &mut bool, policy: Clear) -> bool {
        self.add(code, symbol);
        if self.next as usize > 1 << *width && *width < 12 {
            *width += 1;
        }
        let full = self.next as usize == MAX_CODES;
        *filled |= full;
        full && policy == Clear::Eager
    }

    fn clear(&mut self) {
        for &slot in &self.made {
            self.child[slot as usize] = 0;
        }
        self.made.clear();
        self.next = self.first_free;
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        // Zeroed again, for the thread's next encode.
        self.clear();
        let spare = (std::mem::take(&mut self.child), std::mem::take(&mut self.made));
        SPARE.with(|s| *s.borrow_mut() = Some(spare));
    }
}

/// Little-endian bit packing of codes.
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    #[inline]
    fn put(&mut self, code: u16, width: u8) {
        self.acc |= (code as u64) << self.n;
        self.n += width as u32;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// When to start a new table once the table is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clear {
    /// At once (what most encoders do).
    Eager,
    /// Keep using the full table while the codes it gives stay long or the picture is nearly
    /// done: clear only when more than [`DEFERRED_CODES_LEFT`] codes of the current average
    /// length would remain.
    Deferred,
}

/// See [`Clear::Deferred`].
pub const DEFERRED_CODES_LEFT: usize = 8000;

/// Encodes `pixels` with `min_code_size` (2..=8) and returns the image data as
/// [`gif::Encoder::write_lzw_pre_encoded_frame`] takes it: the minimum code size byte, then
/// the LZW stream (not yet cut into sub-blocks). A stream that fills its table is encoded
/// with both [`Clear`] policies and the shorter kept.
///
/// # Panics
/// If a symbol (or `alt`) is not below `1 << min_code_size`, or `free` has another length.
pub fn encode(pixels: Pixels<'_>, min_code_size: u8) -> Vec<u8> {
    let (eager, filled) = encode_with(pixels, min_code_size, Clear::Eager);
    if !filled {
        return eager;
    }
    let (deferred, _) = encode_with(pixels, min_code_size, Clear::Deferred);
    if deferred.len() < eager.len() {
        deferred
    } else {
        eager
    }
}

/// Encodes with one [`Clear`] policy; also says whether the table ever filled.
///
/// # Panics
/// As [`encode`].
pub fn encode_with(pixels: Pixels<'_>, min_code_size: u8, policy: Clear) -> (Vec<u8>, bool) {
    if pixels.free.is_none() {
        return encode_plain(pixels.symbols, min_code_size, policy);
    }
    assert!((2..=8).contains(&min_code_size), "GIF minimum code sizes are 2..=8");
    let alpha = 1usize << min_code_size;
    assert!(pixels.symbols.iter().all(|&s| (s as usize) < alpha), "symbol above the code size");
    if let Some((free, alt)) = pixels.free {
        assert_eq!(free.len(), pixels.symbols.len());
        assert!((alt as usize) < alpha, "transparent index above the code size");
    }
    let n = pixels.symbols.len();
    let clear = alpha as u16;
    let end = clear + 1;
    let mut table = Table::new(min_code_size);
    let mut bits = Bits { out: Vec::with_capacity(n / 2 + 16), acc: 0, n: 0 };
    bits.out.push(min_code_size);
    let mut width = min_code_size + 1;
    bits.put(clear, width);
    let mut search = Search { stack: Vec::with_capacity(64) };
    let mut prev: Option<u16> = None;
    let mut pos = 0;
    let mut filled = false;
    // Average pixels per code, a moving average (1/16 weight for each new code).
    let mut run = 1.0f64;
    while pos < n {
        let (code, len, first) = search.longest(&table, pixels, pos, prev);
        let mut restart = false;
        if let Some(p) = prev {
            if (table.next as usize) < MAX_CODES {
                restart = table.define(p, first, &mut width, &mut filled, policy);
            }
        }
        if !restart && table.next as usize == MAX_CODES && policy == Clear::Deferred {
            restart = (n - pos) as f64 > DEFERRED_CODES_LEFT as f64 * run;
        }
        if restart {
            // Start a new table, and match again in it.
            bits.put(clear, width);
            table.clear();
            width = min_code_size + 1;
            prev = None;
            continue;
        }
        bits.put(code, width);
        prev = Some(code);
        pos += len;
        run += (len as f64 - run) / 16.0;
    }
    // The decoder adds an entry for the last code before it reads the end code.
    if table.next as usize == 1 << width && width < 12 {
        width += 1;
    }
    bits.put(end, width);
    (bits.finish(), filled)
}

/// [`encode_with`] for pixels with no choice: plain greedy LZW (the same stream).
fn encode_plain(symbols: &[u8], min_code_size: u8, policy: Clear) -> (Vec<u8>, bool) {
    assert!((2..=8).contains(&min_code_size), "GIF minimum code sizes are 2..=8");
    let alpha = 1usize << min_code_size;
    assert!(symbols.iter().all(|&s| (s as usize) < alpha), "symbol above the code size");
    let n = symbols.len();
    let clear = alpha as u16;
    let mut table = Table::new(min_code_size);
    let mut bits = Bits { out: Vec::with_capacity(n / 2 + 16), acc: 0, n: 0 };
    bits.out.push(min_code_size);
    let mut width = min_code_size + 1;
    bits.put(clear, width);
    let mut filled = false;
    let Some((&first, rest)) = symbols.split_first() else {
        bits.put(clear + 1, width);
        return (bits.finish(), false);
    };
    let mut cur = first as u16;
    let mut len = 1usize;
    let mut run = 1.0f64;
    for (i, &s) in rest.iter().enumerate() {
        let c = table.get(cur, s);
        if c != 0 {
            cur = c;
            len += 1;
            continue;
        }
        bits.put(cur, width);
        run += (len as f64 - run) / 16.0;
        let mut restart = false;
        if (table.next as usize) < MAX_CODES {
            restart = table.define(cur, s, &mut width, &mut filled, policy);
        } else if policy == Clear::Deferred {
            restart = (n - 1 - i) as f64 > DEFERRED_CODES_LEFT as f64 * run;
        }
        if restart {
            bits.put(clear, width);
            table.clear();
            width = min_code_size + 1;
        }
        cur = s as u16;
        len = 1;
    }
    bits.put(cur, width);
    if table.next as usize == 1 << width && width < 12 {
        width += 1;
    }
    bits.put(clear + 1, width);
    (bits.finish(), filled)
}

/// The depth-first walk that finds the longest string at a position.
struct Search {
    stack: Vec<(u16, usize, u8)>,
}

impl Search {
    /// The longest string in `table` that the pixels from `pos` on can be written as:
    /// `(code, length, first symbol)`. `pending` is the code just emitted: the entry it makes
    /// with the first symbol of this string (the next free code) may already be used, as the
    /// decoder allows (the "KwKwK" case, common in runs).
    fn longest(&mut self, table: &Table, px: Pixels<'_>, pos: usize, pending: Option<u16>) -> (u16, usize, u8) {
        let n = px.symbols.len();
        let own = px.symbols[pos];
        let alt = match px.free {
            Some((free, alt)) if free[pos] && alt != own => Some(alt),
            _ => None,
        };
        let mut best = (own as u16, 0usize, own);
        self.stack.clear();
        self.stack.push((own as u16, 1, own));
        if let Some(a) = alt {
            self.stack.push((a as u16, 1, a));
        }
        let mut budget = SEARCH_BUDGET;
        while let Some((mut code, mut len, first)) = self.stack.pop() {
            // Follow the chain while it has one way on; branch at free pixels.
            loop {
                if len > best.1 {
                    best = (code, len, first);
                }
                let at = pos + len;
                if at == n {
                    break;
                }
                let s = px.symbols[at];
                let child = |x: u8| match table.get(code, x) {
                    0 if pending == Some(code) && x == first && (table.next as usize) < MAX_CODES => table.next,
                    c => c,
                };
                let next_own = child(s);
                let next_alt = match px.free {
                    Some((free, a)) if free[at] && a != s => child(a),
                    _ => 0,
                };
                match (next_own, next_alt) {
                    (0, 0) => break,
                    (c, 0) | (0, c) => {
                        code = c;
                        len += 1;
                    }
                    (c, d) => {
                        if budget == 0 {
                            code = d;
                            len += 1;
                            continue;
                        }
                        budget -= 1;
                        self.stack.push((c, len + 1, first));
                        code = d;
                        len += 1;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes with the `gif` crate's LZW decoder (weezl).
    fn decode(data: &[u8]) -> Vec<u8> {
        let mut dec = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, data[0]);
        dec.decode(&data[1..]).expect("a valid LZW stream")
    }

    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn plain_streams_round_trip_and_match_weezl_in_size() {
        let mut seed = 7;
        for (n, colours, size) in [(1, 2, 2), (5, 4, 2), (3000, 3, 2), (100_000, 5, 3), (70_000, 200, 8), (9000, 16, 4)]
        {
            // Runs of random lengths, like rows of a picture.
            let mut px = Vec::with_capacity(n);
            while px.len() < n {
                let c = (lcg(&mut seed) % colours) as u8;
                let run = 1 + lcg(&mut seed) as usize % 40;
                px.extend(std::iter::repeat_n(c, run.min(n - px.len())));
            }
            let ours = encode(Pixels { symbols: &px, free: None }, size);
            assert_eq!(decode(&ours), px, "{n} pixels, {colours} colours");
            let mut theirs = Vec::new();
            let _ = weezl::encode::Encoder::new(weezl::BitOrder::Lsb, size).into_vec(&mut theirs).encode_all(&px);
            assert!(ours.len() - 1 <= theirs.len() + 4, "{} against weezl's {}", ours.len() - 1, theirs.len());
        }
    }

    #[test]
    fn free_pixels_decode_to_their_colour_or_the_transparent_index_and_shorten_the_stream() {
        let mut seed = 11;
        let n = 50_000;
        // A picture of runs; about half its pixels unchanged (free), the transparent index 7.
        let mut px = Vec::with_capacity(n);
        while px.len() < n {
            let c = (lcg(&mut seed) % 6) as u8;
            let run = 1 + lcg(&mut seed) as usize % 30;
            px.extend(std::iter::repeat_n(c, run.min(n - px.len())));
        }
        let free: Vec<bool> = (0..n).map(|i| (i / 97) % 2 == 0).collect();
        let data = encode(Pixels { symbols: &px, free: Some((&free, 7)) }, 3);
        let out = decode(&data);
        assert_eq!(out.len(), n);
        for i in 0..n {
            assert!(out[i] == px[i] || (free[i] && out[i] == 7), "pixel {i}: {} for {}", out[i], px[i]);
        }
        // Against the two fixed choices (every free pixel as 7, none): far shorter than none,
        // and within 5% of all (greedy LZW is not optimal; the GIF writer keeps the shortest).
        let all_alt: Vec<u8> = (0..n).map(|i| if free[i] { 7 } else { px[i] }).collect();
        let fixed = encode(Pixels { symbols: &all_alt, free: None }, 3);
        let plain = encode(Pixels { symbols: &px, free: None }, 3);
        assert!(data.len() * 10 < plain.len() * 8, "{} against {} with no free pixel", data.len(), plain.len());
        assert!(
            data.len() * 100 <= fixed.len() * 105,
            "{} against {} with all free pixels at 7",
            data.len(),
            fixed.len()
        );
    }

    #[test]
    fn code_width_boundaries_decode() {
        // Lengths that end just before, at and after each width change, for several sizes.
        for size in [2u8, 3, 5, 8] {
            for n in (1..600).chain(4000..4200).chain([20_000, 65_537]) {
                let px: Vec<u8> = (0..n).map(|i| ((i * 7 + i / 13) % (1 << size)) as u8).collect();
                let data = encode(Pixels { symbols: &px, free: None }, size);
                assert_eq!(decode(&data), px, "size {size}, {n} pixels");
            }
        }
    }
}
