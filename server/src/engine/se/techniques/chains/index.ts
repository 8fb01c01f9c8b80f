/**
 * Sudoku Explainer's chaining techniques, one Technique per entry of SE's solver list:
 * cycles and forcing chains (6.5+), Nishio (7.5+), multiple forcing chains (8.0+), dynamic
 * forcing chains (8.5+), dynamic (+) (9.0+) and nested forcing chains (9.5+).
 */
import type { State } from '../../../core/state';
import type { Technique, TechniqueContext } from '../technique';
import { PotentialsCache, type SharedPrefix } from './advanced';
import { lengthBonus, toStep } from './hint';
import { DynamicChainer, nestedSuffix } from './dynamic';
import { StaticChainer } from './static';
import { ChainGrid, NKEY } from './tables';

const staticChainer = new StaticChainer();

/**
 * Bidirectional X-/Y-/XY-cycles and forcing X-/XY-chains: 6.5 / 6.6 / 7.0 plus length. The
 * first step comes from a pruned search; asking for more runs the full one.
 */
export const forcingChainsAndCycles: Technique = {
  name: 'Forcing Chains & Cycles',
  minDifficulty: 6.5,
  // A path counts each candidate on and off at most once: 7.0 plus that length's bonus, 8.7.
  maxDifficulty: 7.0 + lengthBonus(NKEY),
  stepNames: staticChainer.stepNames,
  shortNames: staticChainer.shortNames,
  *steps(state: State, ctx: TechniqueContext) {
    const g = new ChainGrid();
    g.load(state.values, state.cands);
    const first = staticChainer.firstHint(g, ctx.budget);
    if (!first) return;
    yield toStep(first);
    const all = staticChainer.hints(g, ctx.budget, null);
    for (let i = 1; i < all.length; i++) yield toStep(all[i]);
  },
};

/** The first step comes from a search that builds only the best hint; asking for more runs the full one. */
function dynamicTechnique(name: string, chainer: DynamicChainer): Technique {
  return {
    name,
    minDifficulty: chainer.base,
    stepNames: chainer.stepNames,
    shortNames: chainer.shortNames,
    *steps(state: State, ctx: TechniqueContext) {
      const g = new ChainGrid();
      g.load(state.values, state.cands);
      const first = chainer.firstHint(g, ctx.budget);
      if (!first) return;
      yield toStep(first);
      const all = chainer.hints(g, ctx.budget, null);
      for (let i = 1; i < all.length; i++) yield toStep(all[i]);
    },
  };
}

/** Nishio forcing chains: one digit, dynamic, contradictions only (7.5 + length). */
export const nishioForcingChains = dynamicTechnique(
  'Nishio Forcing Chains',
  new DynamicChainer({ multiple: false, dynamic: true, nishio: true, level: 0 }),
);

/** Multiple (cell and region) forcing chains, static (8.0 + length). */
export const multipleForcingChains = dynamicTechnique(
  'Multiple Forcing Chains',
  new DynamicChainer({ multiple: true, dynamic: false, nishio: false, level: 0 }),
);

/** Dynamic forcing chains: contradiction, double, cell and region (8.5 + length). */
export const dynamicForcingChains = dynamicTechnique(
  'Dynamic Forcing Chains',
  new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 0 }),
);

/** What the simple rules find at a pause, by grid, for levels 1-5 (see AdvancedRules). */
const simpleRules = new PotentialsCache();

/** Dynamic forcing chains (+): pointing/claiming, hidden/naked pairs and X-Wings as links (9.0 + length). */
export const dynamicForcingChainsPlus = dynamicTechnique(
  'Dynamic Forcing Chains (+)',
  new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level: 1, simple: simpleRules }),
);

/**
 * Nested forcing chains, levels 2-5: 9.5 / 10.0 / 10.5 / 11.0 + length. Levels 2 and 3 (forcing
 * chains first), and 4 and 5 (dynamic chains first), share what those first rules find.
 */
const withStatic: SharedPrefix = { cache: new PotentialsCache() };
const withDynamic: SharedPrefix = { cache: new PotentialsCache() };
export const nestedForcingChains: readonly Technique[] = [2, 3, 4, 5].map((level) =>
  dynamicTechnique(
    `Dynamic Forcing Chains${nestedSuffix(level)}`,
    new DynamicChainer({ multiple: true, dynamic: true, nishio: false, level, shared: level < 4 ? withStatic : withDynamic, simple: simpleRules }),
  ),
);
