//! Themes: `light`, each engine's own colours as its `draw.rs` paints them, and `dark`, for a
//! projector: a dark page and dark empty cells, the puzzle colours kept (shubbles, smoles, the
//! game's red and blue, the mine's tiles), light walls, outlines and text.
//!
//! An engine does not draw twice. Each draw.rs's `theme` module keeps its light colours and adds
//! a [`DarkColors`] table saying what some of them become; every [`Scene`] it draws carries that
//! table ([`Scene::dark`]), and [`Theme::scene`] swaps the colours of a finished Scene. Shapes
//! (fills, outlines, the background) and labels have separate tables, so that one colour can stay
//! in a shape and change in text (the box's pupils and its caption are both #333333).
//! [`Themed`] wraps any [`Animated`] so that every frame and the GIF palette are swapped too:
//! the window, screenshots and every export go through it.
//!
//! Imports point one way: the theme imports the Scene (where the [`DarkColors`] type lives,
//! next to the [`Color`]s it maps) and the animation ([`Animated`]); neither imports the theme.

use crate::anim::{Animated, Pacing};
use crate::scene::{Color, Scene};

/// The table type lives with the [`Scene`] that carries it; engines name it here, with the theme.
pub use crate::scene::DarkColors;

/// A theme, as `--theme light|dark` names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Theme {
    /// The engines' own colours (white page for the box and 0h n0; the mine is drawn dark).
    #[default]
    Light,
    /// A dark page for projectors; puzzle colours kept, walls, outlines and text lightened.
    Dark,
}

/// The colours of the window around the picture: the status line, the timeline bar, the help
/// overlay and title cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chrome {
    /// The page: behind the status line and the title cards.
    pub page: Color,
    /// Status and title text.
    pub text: Color,
    /// Secondary text.
    pub dim: Color,
    /// The timeline bar's track.
    pub track: Color,
    /// The played part of the timeline bar.
    pub played: Color,
    /// A manipulation's tick on the bar.
    pub tick: Color,
    /// The position marker on the bar.
    pub head: Color,
    /// The help overlay's panel (translucent).
    pub panel: Color,
    /// The help overlay's text.
    pub panel_text: Color,
    /// The help overlay's key names.
    pub panel_keys: Color,
}

impl Theme {
    /// `scene` in this theme: unchanged in the light theme, or for a scene that carries no
    /// [`DarkColors`]; else every colour swapped through its table.
    pub fn scene(self, mut scene: Scene) -> Scene {
        let (Theme::Dark, Some(dark)) = (self, scene.dark) else {
            return scene;
        };
        scene.background = dark.background;
        for layer in &mut scene.layers {
            for item in &mut layer.items {
                item.fill = dark.shape(item.fill);
                if let Some((c, _)) = &mut item.stroke {
                    *c = dark.shape(*c);
                }
            }
            for label in &mut layer.labels {
                label.color = dark.label(label.color);
            }
        }
        scene
    }

    /// The colours a GIF palette needs for `light` (an engine's palette) in this theme, given
    /// the engine's table: in the dark theme, the page, and each colour as a shape and as a
    /// label.
    pub fn colors(self, light: &[Color], dark: Option<&DarkColors>) -> Vec<Color> {
        let (Theme::Dark, Some(dark)) = (self, dark) else {
            return light.to_vec();
        };
        let mut out: Vec<Color> = vec![dark.background];
        for &c in light {
            for d in [dark.shape(c), dark.label(c)] {
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
        out
    }

    /// `anim` drawn in this theme.
    pub fn animation<A: Animated>(self, anim: A) -> Themed<A> {
        let dark = anim.draw(0, 1.0).dark;
        Themed { inner: anim, theme: self, dark }
    }

    /// The window's own colours in this theme.
    pub fn chrome(self) -> Chrome {
        match self {
            Theme::Light => Chrome {
                page: Color::hex(0xffffff),
                text: Color::hex(0x505050),
                dim: Color::hex(0x8c8c8c),
                track: Color::hex(0xe4e4e4),
                played: Color::hex(0xb9c9e6),
                tick: Color::hex(0x6d7686),
                head: Color::hex(0x1f5fbf),
                panel: Color::hex(0x202329).with_alpha(235),
                panel_text: Color::hex(0xf0f0f0),
                panel_keys: Color::hex(0xffc857),
            },
            Theme::Dark => Chrome {
                page: Color::hex(0x14161b),
                text: Color::hex(0xc8ccd4),
                dim: Color::hex(0x7c8390),
                track: Color::hex(0x2a2e37),
                played: Color::hex(0x3d5277),
                tick: Color::hex(0x9aa3b5),
                head: Color::hex(0x6fa8ff),
                panel: Color::hex(0x000000).with_alpha(225),
                panel_text: Color::hex(0xf0f0f0),
                panel_keys: Color::hex(0xffc857),
            },
        }
    }
}

/// An animation drawn in a theme: every frame through [`Theme::scene`], the palette through
/// [`Theme::colors`].
pub struct Themed<A> {
    inner: A,
    theme: Theme,
    dark: Option<&'static DarkColors>,
}

impl<A: Animated> Animated for Themed<A> {
    fn steps(&self) -> usize {
        self.inner.steps()
    }

    fn manipulation(&self, step: usize) -> Option<usize> {
        self.inner.manipulation(step)
    }

    fn tween_seconds(&self, step: usize) -> f64 {
        self.inner.tween_seconds(step)
    }

    fn draw(&self, step: usize, fraction: f32) -> Scene {
        self.theme.scene(self.inner.draw(step, fraction))
    }

    fn palette_colors(&self) -> Vec<Color> {
        self.theme.colors(&self.inner.palette_colors(), self.dark)
    }

    fn pacing(&self) -> Pacing {
        self.inner.pacing()
    }

    fn landmark(&self, step: usize) -> Option<String> {
        self.inner.landmark(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Layer, View};

    const TABLE: DarkColors = DarkColors {
        background: Color::hex(0x101010),
        shapes: &[(Color::hex(0x333333), Color::hex(0xeeeeee))],
        labels: &[(Color::hex(0x333333), Color::hex(0xdddddd))],
    };

    fn scene() -> Scene {
        let mut s = Scene::new(View { x: 0.0, y: 0.0, w: 1.0, h: 1.0 }, Color::hex(0xffffff)).with_dark(&TABLE);
        let mut l = Layer::new();
        l.rect(0.0, 0.0, 1.0, 1.0, Color::hex(0x333333).with_alpha(85));
        l.circle(0.5, 0.5, 0.2, Color::hex(0x2f7fe0));
        l.circle(0.5, 0.5, 0.1, Color::hex(0xffffff));
        l.label([0.5, 0.5], 0.3, "x", Color::hex(0x333333));
        s.layers.push(l);
        s
    }

    #[test]
    fn dark_swaps_shapes_and_labels_through_their_own_tables() {
        let d = Theme::Dark.scene(scene());
        assert_eq!(d.background, Color::hex(0x101010));
        assert_eq!(d.layers[0].items[0].fill, Color::hex(0xeeeeee).with_alpha(85), "opacity kept");
        assert_eq!(d.layers[0].items[1].fill, Color::hex(0x2f7fe0), "a colour in no table stays");
        assert_eq!(d.layers[0].items[2].fill, Color::hex(0xffffff), "the page's colour in a shape stays");
        assert_eq!(d.layers[0].labels[0].color, Color::hex(0xdddddd));
    }

    #[test]
    fn light_and_untabled_scenes_are_unchanged() {
        assert_eq!(Theme::Light.scene(scene()), scene());
        let mut plain = scene();
        plain.dark = None;
        assert_eq!(Theme::Dark.scene(plain.clone()), plain);
    }

    #[test]
    fn dark_palette_holds_every_swapped_colour_once() {
        let light = [Color::hex(0xffffff), Color::hex(0x333333), Color::hex(0x2f7fe0)];
        let got = Theme::Dark.colors(&light, Some(&TABLE));
        assert_eq!(
            got,
            vec![
                Color::hex(0x101010),
                Color::hex(0xffffff),
                Color::hex(0xeeeeee),
                Color::hex(0xdddddd),
                Color::hex(0x2f7fe0)
            ]
        );
        assert_eq!(Theme::Light.colors(&light, Some(&TABLE)), light.to_vec());
    }
}
