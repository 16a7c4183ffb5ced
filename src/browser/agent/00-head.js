// @ts-check
// Part 00, the wrapper's opening: what the agent is and its model, strict mode, the IIFE and its idempotence check; apart because every other part lives inside it.
// Glass in-page agent. Glass evaluates this file in an isolated world of a frame
// (Page.createIsolatedWorld), so page scripts can neither see nor patch it; it shares the DOM.
// Rust calls the functions on `__glassAgent` with returnByValue (and awaitPromise for the async
// ones). Every exported function returns plain JSON and never throws.
//
// One page model serves every caller: the walk below decides once what exists (what Chrome
// keeps in the accessibility tree), what a person can see (CSS visibility and overflow
// clipping along the containing-block chain), and what each element is called (accessible
// names as accname computes them). Observation levels are projections of that model, and every
// locator kind resolves against it, so `observe`, `resolve`, `wait` and the actions agree.
'use strict';
(() => {
  // Idempotent: a second evaluation must keep the refs minted by the first.
  if (/** @type {{ __glassAgent?: object }} */ (globalThis).__glassAgent) return;

