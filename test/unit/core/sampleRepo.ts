import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Issue } from '../../../src/common/issue';

/** The issue every recorded conversation in test/fixtures/conversations is about. */
export const CART_ISSUE: Issue = {
  title: 'Cart.total() ignores item quantity',
  body: 'Adding two of the same item with quantity=2 charges for one. `Cart.total` sums prices only.',
};

const FILES: Record<string, string> = {
  'shop/__init__.py': '',
  'shop/cart.py': [
    'from shop.pricing import apply_discount',
    '',
    '',
    'class Cart:',
    '    def __init__(self):',
    '        self.items = []',
    '',
    '    def add_item(self, name, price, quantity=1):',
    '        self.items.append((name, price, quantity))',
    '',
    '    def total(self, coupon=None):',
    '        subtotal = sum(price for _, price, _ in self.items)',
    '        return apply_discount(subtotal, coupon)',
    '',
  ].join('\n'),
  'shop/pricing.py': [
    'def apply_discount(subtotal, coupon):',
    '    if coupon is None:',
    '        return subtotal',
    '    return subtotal * (1 - coupon.rate)',
    '',
  ].join('\n'),
  'tests/test_cart.py': [
    'from shop.cart import Cart',
    '',
    '',
    'def test_total_single():',
    '    cart = Cart()',
    '    cart.add_item("pen", 2.0)',
    '    assert cart.total() == 2.0',
    '',
  ].join('\n'),
  'README.md': '# shop\n\nA tiny cart. `Cart.total()` returns the price to pay.\n',
};

/** A temp folder holding a workspace (`ws/`, the tiny shop repo) and a file beside it (`outside.py`). */
export interface SampleRepo {
  root: string;
  parent: string;
  remove(): void;
}

/** Writes the shop repo the conversations refer to; `extra` adds or overrides files. */
export function makeSampleRepo(extra: Record<string, string> = {}): SampleRepo {
  const parent = mkdtempSync(path.join(tmpdir(), 'codegrep-agent-'));
  const root = path.join(parent, 'ws');
  for (const [rel, content] of Object.entries({ ...FILES, ...extra })) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  // Exists on disk but outside the workspace: a citation of it must be rejected.
  writeFileSync(path.join(parent, 'outside.py'), 'secret = 1\n');
  return { root, parent, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
