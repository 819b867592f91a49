ulg updcrc(s, n)
uch *s;
unsigned n;
{
register ulg c;

static ulg crc = (ulg)0xffffffffL;

if (s == NULL) {
c = 0xffffffffL;
} else {
c = crc;
if (n) do {
c = crc_32_tab[((int)c ^ (*s++)) & 0xff] ^ (c >> 8);
} while (--n);
}
crc = c;
return c ^ 0xffffffffL;
}
