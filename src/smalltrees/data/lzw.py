"""Decode Unix ``compress`` (``.Z``) files, the format many UCI files are distributed in.

The Statlog shuttle training file and ISOLET are served by UCI only as ``.Z`` files, and
Python's standard library reads gzip, bzip2 and xz but not ``compress``'s LZW. The format
(as gzip's ``unlzw.c`` reads it): the magic bytes ``1f 9d``, a flag byte (bits 0-4: the
largest code width, bit 7: "block mode", in which code 256 clears the table), then LZW codes
packed least-significant bit first, starting 9 bits wide. The compressor writes codes in
groups of eight, so when the width grows or the table is cleared the reader skips to the end
of the current group of ``8 * width`` bits.
"""

from __future__ import annotations

MAGIC = b"\x1f\x9d"
_CLEAR = 256
_INIT_BITS = 9


class CompressError(ValueError):
    """The bytes are not a valid ``compress`` (.Z) stream."""


def uncompress(data: bytes) -> bytes:
    """The bytes a ``.Z`` file decompresses to (what ``uncompress`` or ``gzip -d`` writes)."""
    if data[:2] != MAGIC or len(data) < 3:
        raise CompressError("not a compress (.Z) file: it does not start with bytes 1f 9d")
    max_bits, block_mode = data[2] & 0x1F, bool(data[2] & 0x80)
    if not _INIT_BITS <= max_bits <= 16:
        raise CompressError(f"unsupported largest code width {max_bits} (expected 9..16)")
    stream = data[3:] + b"\x00\x00\x00"
    total_bits = (len(data) - 3) * 8
    table: list[bytes] = [bytes([i]) for i in range(256)] + [b""]
    n_bits, free = _INIT_BITS, 257 if block_mode else 256
    max_code = (1 << n_bits) - 1
    segment = position = 0  # bit offsets: start of the current code width, next code
    out: list[bytes] = []
    previous: bytes | None = None
    while position + n_bits <= total_bits:
        if free > max_code and n_bits < max_bits:
            position = _end_of_group(segment, position, n_bits)
            segment, n_bits = position, n_bits + 1
            max_code = (1 << n_bits) - 1
            continue
        byte = position >> 3
        code = (int.from_bytes(stream[byte:byte + 3], "little") >> (position & 7)) & max_code
        position += n_bits
        if previous is None:  # the first code of the stream is a literal
            if code >= 256:
                raise CompressError(f"corrupt .Z stream: first code {code} is not a literal")
            previous = table[code]
            out.append(previous)
            continue
        if code == _CLEAR and block_mode:
            del table[257:]
            free = 256  # as gzip: the next code adds a dummy entry 256, never referenced
            position = _end_of_group(segment, position, n_bits)
            segment, n_bits = position, _INIT_BITS
            max_code = (1 << n_bits) - 1
            continue
        if code < free:
            entry = table[code]
        elif code == free:  # the KwKwK case: the code being defined right now
            entry = previous + previous[:1]
        else:
            raise CompressError(f"corrupt .Z stream: code {code} before entry {free} exists")
        out.append(entry)
        if free < (1 << max_bits):
            new = previous + entry[:1]
            if free < len(table):
                table[free] = new
            else:
                table.append(new)
            free += 1
        previous = entry
    return b"".join(out)


def _end_of_group(segment: int, position: int, n_bits: int) -> int:
    """The bit offset after the group of eight ``n_bits`` codes that ``position`` is in."""
    group = 8 * n_bits
    used = position - segment
    return segment + -(-used // group) * group
