; Included by electron-builder's NSIS installer (nsis.include defaults to build/installer.nsh, here
; resources/build). Offers Ledgerdesk in Explorer's "Open with" list for .csv and .xml without
; making it their default program: only a value under the extension's OpenWithProgids is written,
; never the extension's own default value (which electron-builder's fileAssociations would set).

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\Ledgerdesk.Statement" "" "Bank statement"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Ledgerdesk.Statement\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Ledgerdesk.Statement\shell\open" "" "Open with Ledgerdesk"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Ledgerdesk.Statement\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.csv\OpenWithProgids" "Ledgerdesk.Statement"
  WriteRegNone SHELL_CONTEXT "Software\Classes\.xml\OpenWithProgids" "Ledgerdesk.Statement"
!macroend

!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.csv\OpenWithProgids" "Ledgerdesk.Statement"
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.xml\OpenWithProgids" "Ledgerdesk.Statement"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\Ledgerdesk.Statement"
!macroend
