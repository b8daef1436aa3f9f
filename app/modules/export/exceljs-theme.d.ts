/** exceljs's Office theme part (theme1.xml as a string), which the export's workbook carries as exceljs's do (xlsx-sheet-stream.server.ts). */
declare module "exceljs/lib/xlsx/xml/theme1.js" {
  const themeXml: string;
  export default themeXml;
}
