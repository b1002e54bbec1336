/** Hands a text file to the browser's download, as a link click would. */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
