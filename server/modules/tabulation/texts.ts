/** The tabulation module's answers in both languages (the request's language is picked by lib/http); `{x}` is filled in. */
import type { Text } from '../../lib/http'

export const TAB_TEXT = {
  groupGone: { zh: '模板分组不存在', en: 'The template group does not exist' },
  groupInUse: { zh: '分组或其下级分组中还有表格模板，不能删除', en: 'The group or one of its sub-groups still holds templates' },
  groupSaved: { zh: '模板分组已保存', en: 'Template group saved' },
  templateGone: { zh: '表格模板不存在', en: 'The sheet template does not exist' },
  templateSaved: { zh: '表格模板已保存', en: 'Sheet template saved' },
  codeTaken: { zh: '模板编码已存在', en: 'A template with that code exists' },
  templateInUse: { zh: '模板「{x}」已有填报内容，不能删除', en: 'Template “{x}” has filled contents and cannot be deleted' },
  published: { zh: '已发布版本 V{x}', en: 'Published as version {x}' },
  versionGone: { zh: '该版本不存在', en: 'That version does not exist' },
  neverPublished: { zh: '该模板还没有发布的版本，不能填报', en: 'The template has no published version to fill in' },
  modelUnpublished: { zh: '该流程模型没有已发布的版本', en: 'That workflow model has no published version' },
  rulesSaved: { zh: '单元格权限已保存', en: 'Cell permissions saved' },
  subjectGone: { zh: '规则 {x} 的对象不存在', en: 'The subject of rule {x} does not exist' },
  ruleOutside: { zh: '范围 {x} 超出了模板的行列', en: 'Range {x} lies outside the template’s rows and columns' },
  contentGone: { zh: '填报内容不存在或无权查看', en: 'The content does not exist or is not yours to see' },
  contentSaved: { zh: '已保存', en: 'Saved' },
  contentSubmitted: { zh: '已提交', en: 'Submitted' },
  alreadySubmitted: { zh: '该表格已提交，不能再修改', en: 'This sheet has been submitted and can no longer be changed' },
  notFillIn: { zh: '单元格 {x} 不是该表格版本的填写单元格', en: 'Cell {x} is not a fill-in cell of this sheet version' },
  notEditable: { zh: '没有修改单元格 {x} 的权限', en: 'You may not change cell(s) {x}' },
  required: { zh: '必填单元格未填写：{x}', en: 'Required cells not filled: {x}' },
  workSiteOutside: { zh: '工点不属于该项目', en: 'The work site is not one of the project’s' },
  // a fill-in cell's value
  badText: { zh: '单元格 {x}：文本过长或含有不允许的字符', en: 'Cell {x}: the text is too long or holds characters not allowed' },
  badNumber: { zh: '单元格 {x}：须为数字，且小数位数与范围符合要求', en: 'Cell {x}: needs a number within its range and decimals' },
  badDate: { zh: '单元格 {x}：须为日期（YYYY-MM-DD）', en: 'Cell {x}: needs a date (YYYY-MM-DD)' },
  badChoice: { zh: '单元格 {x}：不是可选的值', en: 'Cell {x}: not one of its choices' },
  badId: { zh: '单元格 {x}：须为有效的编号', en: 'Cell {x}: needs a valid id' },
  badPhotos: { zh: '单元格 {x}：照片数量或编号无效', en: 'Cell {x}: too many photos, or an invalid id' },
  // the .xlsx import
  notXlsx: { zh: '文件不是可读取的 Excel 工作簿（.xlsx）', en: 'The file is not a readable Excel workbook (.xlsx)' },
  tooLarge: { zh: '文件过大（最多 {x} 字节）', en: 'The file is too large (at most {x} bytes)' },
  unpacksTooLarge: { zh: '工作簿解压后过大（最多 {x} 字节）', en: 'The workbook unpacks too large (at most {x} bytes)' },
  tooManyRows: { zh: '工作表行数过多（最多 {x} 行）', en: 'Too many rows (at most {x})' },
  tooManyCols: { zh: '工作表列数过多（最多 {x} 列）', en: 'Too many columns (at most {x})' },
  tooManyCells: { zh: '工作表单元格过多（最多 {x} 个）', en: 'Too many cells (at most {x})' },
  noSheet: { zh: '工作簿中没有工作表', en: 'The workbook has no worksheet' },
  outsideFormula: {
    zh: '单元格 {x} 的公式引用了其他工作表或工作簿，只允许引用本表的单元格',
    en: 'The formula of cell {x} refers to another sheet or workbook; only cells of this sheet may be used',
  },
  badFillInSheet: { zh: '「填写单元格」工作表第 {x} 行无效', en: 'Row {x} of the fill-in cells sheet is invalid' },
  badSheet: { zh: '工作表内容无效：{x}', en: 'The worksheet is not valid: {x}' },
} satisfies Record<string, Text>

/** The worksheet that carries the fill-in cells in an exported (and re-imported) workbook. */
export const FILL_IN_SHEET = '填写单元格'
