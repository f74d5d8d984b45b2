import type { CrossValidation } from './fit';

/** Markdown table of grouped cross-validation: learned ranker against the hand ranking's top file, per language. */
export function trainingTable(cv: CrossValidation): string {
  const lines = [
    `Cross-validation by repository (${cv.folds} folds; answer size up to ${cv.maxFiles}, ${cv.missingGold} gold expected outside; ` +
      `when the most probable file is Python, up to ${cv.python.maxFiles}, ${cv.python.missingGold} outside` +
      Object.entries(cv.languages)
        .map(([language, settings]) => `; ${language}, up to ${settings!.maxFiles}, ${settings!.missingGold} outside`)
        .join('') +
      '):',
    '',
    '| language | n | learned P | learned R | learned F0.5 | learned acc@1 | hand top-1 P | hand top-1 F0.5 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const languages = Object.keys(cv.byLanguage).sort((a, b) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b)));
  for (const language of languages) {
    const learned = cv.byLanguage[language]!;
    const hand = cv.handByLanguage[language];
    lines.push(`| ${language} | ${learned.n} | ${f(learned.precision)} | ${f(learned.recall)} | ${f(learned.f05)} | ${f(learned.acc_at_1)} | ${f(hand?.precision)} | ${f(hand?.f05)} |`);
  }
  lines.push('', 'Out of fold, by the confidence the answer would come with:', '', '| confidence | n | P | F0.5 | acc@1 |', '|---|---:|---:|---:|---:|');
  for (const level of ['high', 'medium', 'low'] as const) {
    const s = cv.byConfidence[level];
    if (s) lines.push(`| ${level} | ${s.n} | ${f(s.precision)} | ${f(s.f05)} | ${f(s.acc_at_1)} |`);
  }
  return lines.join('\n');
}

function f(value: number | undefined): string {
  return value === undefined ? '-' : value.toFixed(3);
}

