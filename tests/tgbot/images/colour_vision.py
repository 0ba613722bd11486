"""Colour-vision checks for the table pictures: simulate the common colour-vision
deficiencies, measure contrast and colour differences, and draw phone-width sheets.

`simulate(rgb, kind)` applies Machado, Oliveira & Fernandes (2009)'s matrices at full
severity (protanopia, deuteranopia, tritanopia) in linear sRGB; "greyscale" keeps the
luminance only (no colour at all). A picture is an 8-bit palette PNG, so a whole picture
is simulated by mapping its palette: exact and fast, with no NumPy.

`sheet(image)` puts normal vision and the four simulations side by side at phone width;
`python -m tests.tgbot.images.regenerate` writes the sheets of SHEETS to docs/images.
"""

from __future__ import annotations

from PIL import Image

RGB = tuple[int, int, int]
KINDS = ("protanopia", "deuteranopia", "tritanopia", "greyscale")
MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
PHONE = 360
SHEETS = ("dice_6p_old_saloon", "colt_2p_scheming", "cards_6p_gold_rush_shadows")


def rgb(colour: str) -> RGB:
    """Return "#RRGGBB" as a tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _linear(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(value: float) -> int:
    c = min(1.0, max(0.0, value))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(c * 255)


def luminance(colour: RGB) -> float:
    """Return the relative luminance (WCAG 2) of an sRGB colour."""
    r, g, b = (_linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """Return the WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def simulate(colour: RGB, kind: str) -> RGB:
    """Return how `colour` looks with a colour-vision deficiency `kind` (KINDS)."""
    if kind == "greyscale":
        grey = _gamma(luminance(colour))
        return grey, grey, grey
    linear = [_linear(v) for v in colour]
    r, g, b = (_gamma(sum(m * c for m, c in zip(row, linear, strict=True)))
               for row in MATRICES[kind])
    return r, g, b


def lab(colour: RGB) -> tuple[float, float, float]:
    """Return CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: RGB, b: RGB) -> float:
    """Return the CIE76 colour difference (delta E) of two colours."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5


def simulate_image(image: Image.Image, kind: str) -> Image.Image:
    """Return an RGB copy of a picture as seen with `kind` (its palette mapped)."""
    paletted = image if image.mode == "P" else image.convert("RGB").quantize(256)
    flat = paletted.getpalette() or []
    mapped = [v for i in range(0, len(flat) - 2, 3)
              for v in simulate((flat[i], flat[i + 1], flat[i + 2]), kind)]
    out = paletted.copy()
    out.putpalette(mapped)
    return out.convert("RGB")


def phone(image: Image.Image, width: int = PHONE) -> Image.Image:
    """Return a picture scaled to `width` px as a phone shows it in a chat."""
    rgb_image = image.convert("RGB")
    height = round(rgb_image.height * width / rgb_image.width)
    return rgb_image.resize((width, height), Image.Resampling.LANCZOS)


def sheet(image: Image.Image) -> Image.Image:
    """Return normal vision and the four simulations side by side, at phone width."""
    views = [phone(image)] + [phone(simulate_image(image, kind)) for kind in KINDS]
    out = Image.new("RGB", (len(views) * (PHONE + 8) - 8, views[0].height), "#FFFFFF")
    for index, view in enumerate(views):
        out.paste(view, (index * (PHONE + 8), 0))
    return out
