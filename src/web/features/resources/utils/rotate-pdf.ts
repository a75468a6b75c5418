/**
 * A copy of `file` with every page turned `degrees` clockwise (batch upload's "Turn"), so a
 * sideways scan is stored upright. pdf-lib is loaded only when a file is turned.
 */
export async function rotatePdf(file: File, degrees: number): Promise<File> {
  const { PDFDocument, degrees: toRotation } = await import('pdf-lib');
  const pdf = await PDFDocument.load(await file.arrayBuffer(), { ignoreEncryption: true, updateMetadata: false });
  for (const page of pdf.getPages()) page.setRotation(toRotation((page.getRotation().angle + degrees) % 360));
  const bytes = await pdf.save({ useObjectStreams: false });
  return new File([bytes as BlobPart], file.name, { type: 'application/pdf', lastModified: file.lastModified });
}
