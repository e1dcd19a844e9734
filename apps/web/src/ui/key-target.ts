/** Whether a key press belongs to what is being typed or to an open dialog (not to the page's shortcuts). */
export function keyStaysLocal(t: Element | null): boolean {
  if (!t) return false;
  if ((t as HTMLElement).isContentEditable || t.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return !!t.closest('[role="dialog"], [role="alertdialog"]');
}
