/**
 * The documents the language server analyses: Sudoku files on disk, unsaved buffers, and the
 * virtual file systems of VS Code for the Web (vscode.dev's repositories: vscode-vfs; the folder
 * @vscode/test-web mounts: vscode-test-web). Not the read-only side documents (sideDocuments.ts).
 */
import type * as vscode from 'vscode';
import type { DocumentSelector } from 'vscode-languageclient';

const ANALYSED_SCHEMES = ['file', 'untitled', 'vscode-vfs', 'vscode-test-web'];

export const documentSelector: DocumentSelector = ANALYSED_SCHEMES.map((scheme) => ({ language: 'sudoku', scheme }));

export const isAnalysed = (doc: vscode.TextDocument): boolean => doc.languageId === 'sudoku' && ANALYSED_SCHEMES.includes(doc.uri.scheme);
