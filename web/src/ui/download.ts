/** Saves text as a file the user names: a Blob URL and a download link, revoked once used. */
export const downloadText = (text: string, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give slow browsers a moment before revoking it.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
