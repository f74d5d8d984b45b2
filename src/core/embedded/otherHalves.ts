import type { ToolCall, ToolResult } from '../../common/tools';
import { halvesGlob, headerHalfOf } from './companions';
import { LOOK_DOWN } from './headerSource';
const CALL_ID = 'embedded_halves';

/**
 * What a feature request's answer needs beside its files: a C++ header's inline part, or an inline part's header
 * (companions.ts). Its one call goes with the leader check's turn, a glob for the leading headers' halves, so a half
 * no search found is still known to exist; the answer then reads what it found. (A JavaScript file's hand-written
 * `.d.ts` was tried the same way and not kept: docs/benchmarks.md.)
 */
export class OtherHalves {
  private headers: string[] = [];

  private constructor(readonly calls: ToolCall[]) {}

  /** The lookup for these leading files (best first), or undefined when none of them is a header or inline part. */
  static plan(ranked: readonly string[]): OtherHalves | undefined {
    // As far down as the header rule looks for an implementation: an answer's files come from there.
    const pattern = halvesGlob(ranked.slice(0, LOOK_DOWN));
    return pattern ? new OtherHalves([{ id: CALL_ID, name: 'glob', args: { pattern, case_insensitive: true } }]) : undefined;
  }

  /** Takes one result; false when the call was not this lookup's. A capped listing still counts: only existence is read. */
  ingest(call: ToolCall, result: ToolResult): boolean {
    if (call.id !== CALL_ID) return false;
    this.headers = result.error ? [] : (result.paths ?? []);
    return true;
  }

  /** The other half of an answered file, among the files the searches saw (`seen`) and those the glob listed. */
  halfOf(path: string, seen: readonly string[]): string | undefined {
    return headerHalfOf(path, [...seen, ...this.headers]);
  }

  /** What its call looks for, for the user; empty when `calls` does not hold it. */
  static thought(calls: readonly ToolCall[]): string {
    return calls.some(OtherHalves.owns) ? "Listing the leading headers' inline parts: a new member needs its declaration and its body." : '';
  }

  /** True for the call this lookup makes. */
  static owns(call: ToolCall): boolean {
    return call.id === CALL_ID;
  }
}
