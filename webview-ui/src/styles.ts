/**
 * Page styles, adopted as a constructable stylesheet (allowed by the CSP without 'unsafe-inline').
 * Colours come only from VS Code theme variables, so light, dark and high-contrast themes all work.
 */
export const PAGE_CSS = `
:root { color-scheme: light dark; }
body {
  margin: 0; padding: 0 16px 24px;
  font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); font-weight: var(--vscode-font-weight);
  color: var(--vscode-foreground); background: var(--vscode-editor-background);
  line-height: 1.45;
}
#app { max-width: 980px; margin: 0 auto; }
h1, h2 { margin: 0; font-weight: 600; }
h1 { font-size: 1.25em; line-height: 1.3; }
h2 { font-size: 0.85em; text-transform: uppercase; letter-spacing: 0.06em; color: var(--vscode-descriptionForeground); }
code { font-family: var(--vscode-editor-font-family); font-size: 0.92em; }
a { color: var(--vscode-textLink-foreground); text-decoration: none; }
a:hover { color: var(--vscode-textLink-activeForeground); text-decoration: underline; }
:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.meta { color: var(--vscode-descriptionForeground); font-size: 0.9em; }

.issue { padding: 16px 0 12px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
.issue-title-row { display: flex; align-items: baseline; gap: 12px; justify-content: space-between; }
.issue-title-row h1 { overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.issue-link { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; font-size: 0.92em; }
.excerpt { margin: 6px 0 0; color: var(--vscode-descriptionForeground); overflow-wrap: anywhere; }
.status { display: flex; align-items: center; flex-wrap: wrap; gap: 6px; margin-top: 10px; font-size: 0.92em; }
.status-icon { font-size: 14px; }
.status[data-status="done"] .status-icon { color: var(--vscode-testing-iconPassed, var(--vscode-charts-green)); }
.status[data-status="error"] .status-icon { color: var(--vscode-errorForeground); }
.status[data-status="cancelled"] .status-icon { color: var(--vscode-descriptionForeground); }
.folders { margin-left: auto; color: var(--vscode-descriptionForeground); }
.folders::before { content: "\\eb60"; font-family: codicon; margin-right: 4px; vertical-align: -2px; }
.progress { display: flex; gap: 3px; margin-top: 8px; }
.segment { flex: 1; height: 3px; border-radius: 2px; background: var(--vscode-progressBar-background); opacity: 0.18; }
.segment.done { opacity: 1; }
.segment.active { opacity: 1; animation: codegrep-pulse 1.2s ease-in-out infinite alternate; }
@keyframes codegrep-pulse { from { opacity: 0.35; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .segment.active { animation: none; opacity: 0.7; } }

.error {
  display: flex; gap: 10px; margin: 12px 0 0; padding: 10px 12px;
  border: 1px solid var(--vscode-inputValidation-errorBorder, var(--vscode-errorForeground));
  background: var(--vscode-inputValidation-errorBackground, transparent); border-radius: 4px;
}
.error > .codicon { color: var(--vscode-errorForeground); margin-top: 2px; }
.error-body p { margin: 0 0 8px; overflow-wrap: anywhere; white-space: pre-wrap; }
.fixes { display: flex; flex-wrap: wrap; gap: 8px; }

.toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 12px 0; position: sticky; top: 0; z-index: 1; background: var(--vscode-editor-background); }
.notice { color: var(--vscode-descriptionForeground); font-size: 0.92em; }

.section-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin: 8px 0 6px; }
.count-badge {
  display: inline-block; min-width: 18px; padding: 0 6px; margin-left: 4px; border-radius: 9px; text-align: center;
  background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); font-size: 0.85em; letter-spacing: 0;
}
.candidate-list { list-style: none; margin: 0; padding: 0; }
.candidate {
  display: flex; gap: 8px; align-items: flex-start; padding: 8px 8px; border-radius: 4px;
  border: 1px solid transparent;
}
.candidate:hover { background: var(--vscode-list-hoverBackground); }
.candidate:focus-within { border-color: var(--vscode-focusBorder); }
.pick { margin-top: 0; }
.candidate-main { flex: 1; min-width: 0; }
.candidate-head { display: flex; align-items: center; gap: 8px; }
.candidate-open {
  display: inline-flex; align-items: center; gap: 6px; min-width: 0; max-width: 100%; padding: 0; border: 0; background: none;
  color: var(--vscode-textLink-foreground); font: inherit; cursor: pointer; text-align: left;
}
.candidate-open:hover .path-name { text-decoration: underline; }
.rank {
  flex: none; width: 18px; height: 18px; border-radius: 50%; display: inline-grid; place-items: center; font-size: 0.8em;
  background: var(--vscode-badge-background); color: var(--vscode-badge-foreground);
}
.path { display: inline-flex; align-items: baseline; gap: 6px; min-width: 0; }
.path-name { font-weight: 600; white-space: nowrap; }
.path-dir { color: var(--vscode-descriptionForeground); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.ranges { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
.range {
  padding: 0 6px; border-radius: 3px; border: 1px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent));
  background: var(--vscode-textCodeBlock-background); color: var(--vscode-foreground);
  font-family: var(--vscode-editor-font-family); font-size: 0.85em; cursor: pointer;
}
.range:hover { background: var(--vscode-list-hoverBackground); }
.range.best { border-color: var(--vscode-focusBorder); }
.range .codicon { font-size: 10px; margin-right: 3px; vertical-align: -1px; }
.call-open { background: none; border: none; padding: 0; color: var(--vscode-textLink-foreground); cursor: pointer; font: inherit; font-family: var(--vscode-editor-font-family); text-align: left; }
.call-open:hover { text-decoration: underline; }
.empty .hint { max-width: 46em; margin: 16px auto 0; font-size: 0.92em; }
.empty vscode-button { margin-top: 8px; }
.reason { margin: 4px 0 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.reason code { padding: 0 3px; border-radius: 3px; background: var(--vscode-textCodeBlock-background); }
.placeholder { color: var(--vscode-descriptionForeground); margin: 4px 0 12px; }
.confidence { display: flex; align-items: flex-start; gap: 6px; margin: 6px 0 0; font-size: 0.92em; color: var(--vscode-descriptionForeground); }
.confidence .codicon { margin-top: 1px; }
.confidence[data-level="high"] .codicon { color: var(--vscode-testing-iconPassed, var(--vscode-descriptionForeground)); }
.confidence[data-level="low"] { color: var(--vscode-foreground); }
.confidence[data-level="low"] .codicon { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
.also-considered { margin: 6px 0 0; }
.also-considered > summary { color: var(--vscode-descriptionForeground); cursor: pointer; padding: 2px 0; }
.also-considered .path-name { font-weight: normal; }
.rejected { margin: 6px 0 0; color: var(--vscode-descriptionForeground); font-size: 0.92em; }
.rejected ul { margin: 4px 0; padding-left: 20px; }

.trajectory { margin-top: 16px; }
.turn { border-left: 2px solid var(--vscode-panel-border, var(--vscode-contrastBorder, transparent)); margin: 0 0 6px; padding: 2px 0 2px 10px; }
.turn > summary { cursor: pointer; padding: 2px 0; display: flex; align-items: center; gap: 6px; list-style: none; }
.turn > summary::before { content: "\\eab6"; font-family: codicon; font-size: 14px; transition: transform 100ms; }
.turn[open] > summary::before { transform: rotate(90deg); }
.turn > summary::-webkit-details-marker { display: none; }
.thought { margin: 4px 0 6px; color: var(--vscode-descriptionForeground); font-style: italic; white-space: pre-wrap; overflow-wrap: anywhere; }
.calls { list-style: none; margin: 2px 0 6px; padding: 0; }
.call { display: flex; align-items: baseline; gap: 6px; padding: 2px 0; min-width: 0; }
.call > .codicon { flex: none; color: var(--vscode-descriptionForeground); position: relative; top: 2px; }
.call-text { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.outcome { flex: none; color: var(--vscode-descriptionForeground); font-size: 0.9em; max-width: 45%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.outcome-error { color: var(--vscode-errorForeground); }

.history { margin-top: 18px; }
.history > summary { cursor: pointer; color: var(--vscode-descriptionForeground); }
.history ul { list-style: none; margin: 6px 0; padding: 0; }
.history-item {
  display: flex; flex-direction: column; width: 100%; padding: 4px 8px; border: 0; border-radius: 3px; background: none;
  color: var(--vscode-foreground); font: inherit; text-align: left; cursor: pointer;
}
.history-item:hover { background: var(--vscode-list-hoverBackground); }
.history-title { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

.empty { text-align: center; padding: 48px 0 24px; color: var(--vscode-descriptionForeground); }
.empty > .codicon { font-size: 32px; }
.empty h1 { color: var(--vscode-foreground); margin: 8px 0; }
`;
